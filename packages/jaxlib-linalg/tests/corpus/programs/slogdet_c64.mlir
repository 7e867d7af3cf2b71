module @jit__lambda attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<2x5x5xcomplex<f32>>) -> (tensor<2xcomplex<f32>> {jax.result_info = "result[0]"}, tensor<2xf32> {jax.result_info = "result[1]"}) {
    %0:2 = call @slogdet(%arg0) : (tensor<2x5x5xcomplex<f32>>) -> (tensor<2xcomplex<f32>>, tensor<2xf32>)
    return %0#0, %0#1 : tensor<2xcomplex<f32>>, tensor<2xf32>
  }
  func.func private @slogdet(%arg0: tensor<2x5x5xcomplex<f32>>) -> (tensor<2xcomplex<f32>>, tensor<2xf32>) {
    %0:3 = stablehlo.custom_call @lapack_cgetrf_ffi(%arg0) {backend_config = "", mhlo.backend_config = {}, mhlo.frontend_attributes = {num_batch_dims = "1"}, operand_layouts = [dense<[1, 2, 0]> : tensor<3xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 0, operand_tuple_indices = []>], result_layouts = [dense<[1, 2, 0]> : tensor<3xindex>, dense<[1, 0]> : tensor<2xindex>, dense<0> : tensor<1xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j, k])->([i, l, m], [i, n], [i]) {i=2, j=5, k=5, l=5, m=5, n=5}, custom>} : (tensor<2x5x5xcomplex<f32>>) -> (tensor<2x5x5xcomplex<f32>>, tensor<2x5xi32>, tensor<2xi32>)
    %c = stablehlo.constant dense<1> : tensor<i32>
    %1 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<2x5xi32>
    %2 = stablehlo.subtract %0#1, %1 : tensor<2x5xi32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %3 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<2xi32>
    %4 = stablehlo.compare GE, %0#2, %3, SIGNED : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi1>
    %5 = stablehlo.broadcast_in_dim %4, dims = [0] : (tensor<2xi1>) -> tensor<2x1x1xi1>
    %cst = stablehlo.constant dense<(0x7FC00000,0x7FC00000)> : tensor<complex<f32>>
    %6 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<complex<f32>>) -> tensor<2x5x5xcomplex<f32>>
    %7 = stablehlo.broadcast_in_dim %5, dims = [0, 1, 2] : (tensor<2x1x1xi1>) -> tensor<2x5x5xi1>
    %8 = stablehlo.select %7, %0#0, %6 : tensor<2x5x5xi1>, tensor<2x5x5xcomplex<f32>>
    %9 = stablehlo.iota dim = 1 : tensor<2x5xi32>
    %c_1 = stablehlo.constant dense<0> : tensor<i32>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %10:4 = stablehlo.while(%iterArg = %2, %iterArg_12 = %c_2, %iterArg_13 = %c_1, %iterArg_14 = %9) : tensor<2x5xi32>, tensor<i32>, tensor<i32>, tensor<2x5xi32>
    cond {
      %c_15 = stablehlo.constant dense<5> : tensor<i32>
      %38 = stablehlo.compare LT, %iterArg_12, %c_15, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %38 : tensor<i1>
    } do {
      %38:2 = func.call @closed_call(%iterArg, %iterArg_13, %iterArg_14) : (tensor<2x5xi32>, tensor<i32>, tensor<2x5xi32>) -> (tensor<i32>, tensor<2x5xi32>)
      %c_15 = stablehlo.constant dense<1> : tensor<i32>
      %39 = stablehlo.add %iterArg_12, %c_15 : tensor<i32>
      stablehlo.return %iterArg, %39, %38#0, %38#1 : tensor<2x5xi32>, tensor<i32>, tensor<i32>, tensor<2x5xi32>
    }
    %11 = call @diagonal(%8) : (tensor<2x5x5xcomplex<f32>>) -> tensor<2x5xcomplex<f32>>
    %cst_3 = stablehlo.constant dense<(0.000000e+00,0.000000e+00)> : tensor<complex<f32>>
    %12 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<complex<f32>>) -> tensor<2x5xcomplex<f32>>
    %13 = stablehlo.compare EQ, %11, %12, FLOAT : (tensor<2x5xcomplex<f32>>, tensor<2x5xcomplex<f32>>) -> tensor<2x5xi1>
    %c_4 = stablehlo.constant dense<false> : tensor<i1>
    %14 = stablehlo.reduce(%13 init: %c_4) applies stablehlo.or across dimensions = [1] : (tensor<2x5xi1>, tensor<i1>) -> tensor<2xi1>
    %15 = stablehlo.iota dim = 0 : tensor<5xi32>
    %16 = stablehlo.broadcast_in_dim %15, dims = [1] : (tensor<5xi32>) -> tensor<1x5xi32>
    %17 = stablehlo.broadcast_in_dim %16, dims = [0, 1] : (tensor<1x5xi32>) -> tensor<2x5xi32>
    %18 = stablehlo.compare NE, %2, %17, SIGNED : (tensor<2x5xi32>, tensor<2x5xi32>) -> tensor<2x5xi1>
    %19 = call @count_nonzero(%18) : (tensor<2x5xi1>) -> tensor<2xi32>
    %20 = stablehlo.abs %11 : (tensor<2x5xcomplex<f32>>) -> tensor<2x5xf32>
    %21 = stablehlo.convert %20 : (tensor<2x5xf32>) -> tensor<2x5xcomplex<f32>>
    %22 = stablehlo.divide %11, %21 : tensor<2x5xcomplex<f32>>
    %cst_5 = stablehlo.constant dense<(1.000000e+00,0.000000e+00)> : tensor<complex<f32>>
    %23 = stablehlo.reduce(%22 init: %cst_5) applies stablehlo.multiply across dimensions = [1] : (tensor<2x5xcomplex<f32>>, tensor<complex<f32>>) -> tensor<2xcomplex<f32>>
    %c_6 = stablehlo.constant dense<2> : tensor<i32>
    %24 = call @remainder(%19, %c_6) : (tensor<2xi32>, tensor<i32>) -> tensor<2xi32>
    %c_7 = stablehlo.constant dense<-2> : tensor<i32>
    %25 = stablehlo.broadcast_in_dim %c_7, dims = [] : (tensor<i32>) -> tensor<2xi32>
    %26 = stablehlo.multiply %25, %24 : tensor<2xi32>
    %c_8 = stablehlo.constant dense<1> : tensor<i32>
    %27 = stablehlo.broadcast_in_dim %c_8, dims = [] : (tensor<i32>) -> tensor<2xi32>
    %28 = stablehlo.add %26, %27 : tensor<2xi32>
    %29 = stablehlo.convert %28 : (tensor<2xi32>) -> tensor<2xcomplex<f32>>
    %30 = stablehlo.multiply %23, %29 : tensor<2xcomplex<f32>>
    %cst_9 = stablehlo.constant dense<(0.000000e+00,0.000000e+00)> : tensor<complex<f32>>
    %31 = call @_where_0(%14, %cst_9, %30) : (tensor<2xi1>, tensor<complex<f32>>, tensor<2xcomplex<f32>>) -> tensor<2xcomplex<f32>>
    %32 = stablehlo.abs %11 : (tensor<2x5xcomplex<f32>>) -> tensor<2x5xf32>
    %33 = stablehlo.log %32 : tensor<2x5xf32>
    %34 = stablehlo.convert %33 : (tensor<2x5xf32>) -> tensor<2x5xcomplex<f32>>
    %cst_10 = stablehlo.constant dense<(0.000000e+00,0.000000e+00)> : tensor<complex<f32>>
    %35 = stablehlo.reduce(%34 init: %cst_10) applies stablehlo.add across dimensions = [1] : (tensor<2x5xcomplex<f32>>, tensor<complex<f32>>) -> tensor<2xcomplex<f32>>
    %cst_11 = stablehlo.constant dense<(0xFF800000,0.000000e+00)> : tensor<complex<f32>>
    %36 = call @_where_0(%14, %cst_11, %35) : (tensor<2xi1>, tensor<complex<f32>>, tensor<2xcomplex<f32>>) -> tensor<2xcomplex<f32>>
    %37 = stablehlo.real %36 : (tensor<2xcomplex<f32>>) -> tensor<2xf32>
    return %31, %37 : tensor<2xcomplex<f32>>, tensor<2xf32>
  }
  func.func private @closed_call(%arg0: tensor<2x5xi32>, %arg1: tensor<i32>, %arg2: tensor<2x5xi32>) -> (tensor<i32>, tensor<2x5xi32>) {
    %c = stablehlo.constant dense<1> : tensor<i32>
    %0 = stablehlo.add %arg1, %c : tensor<i32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.compare LT, %arg1, %c_0, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %2 = stablehlo.convert %arg1 : tensor<i32>
    %c_1 = stablehlo.constant dense<5> : tensor<i32>
    %3 = stablehlo.add %2, %c_1 : tensor<i32>
    %4 = stablehlo.select %1, %3, %arg1 : tensor<i1>, tensor<i32>
    %5 = stablehlo.broadcast_in_dim %4, dims = [] : (tensor<i32>) -> tensor<1xi32>
    %6 = "stablehlo.gather"(%arg0, %5) <{dimension_numbers = #stablehlo.gather<offset_dims = [0, 1], start_index_map = [1]>, indices_are_sorted = true, slice_sizes = array<i64: 2, 1>}> : (tensor<2x5xi32>, tensor<1xi32>) -> tensor<2x1xi32>
    %7 = stablehlo.reshape %6 : (tensor<2x1xi32>) -> tensor<2xi32>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %8 = stablehlo.compare LT, %arg1, %c_2, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %9 = stablehlo.convert %arg1 : tensor<i32>
    %c_3 = stablehlo.constant dense<5> : tensor<i32>
    %10 = stablehlo.add %9, %c_3 : tensor<i32>
    %11 = stablehlo.select %8, %10, %arg1 : tensor<i1>, tensor<i32>
    %12 = stablehlo.broadcast_in_dim %11, dims = [] : (tensor<i32>) -> tensor<1xi32>
    %13 = "stablehlo.gather"(%arg2, %12) <{dimension_numbers = #stablehlo.gather<offset_dims = [0, 1], start_index_map = [1]>, indices_are_sorted = true, slice_sizes = array<i64: 2, 1>}> : (tensor<2x5xi32>, tensor<1xi32>) -> tensor<2x1xi32>
    %14 = stablehlo.reshape %13 : (tensor<2x1xi32>) -> tensor<2xi32>
    %c_4 = stablehlo.constant dense<0> : tensor<i32>
    %15 = stablehlo.broadcast_in_dim %c_4, dims = [] : (tensor<i32>) -> tensor<2xi32>
    %16 = stablehlo.compare LT, %7, %15, SIGNED : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi1>
    %c_5 = stablehlo.constant dense<5> : tensor<i32>
    %17 = stablehlo.broadcast_in_dim %c_5, dims = [] : (tensor<i32>) -> tensor<2xi32>
    %18 = stablehlo.add %7, %17 : tensor<2xi32>
    %19 = stablehlo.select %16, %18, %7 : tensor<2xi1>, tensor<2xi32>
    %20 = stablehlo.broadcast_in_dim %19, dims = [0] : (tensor<2xi32>) -> tensor<2x1xi32>
    %21 = "stablehlo.gather"(%arg2, %20) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [0], start_index_map = [1], index_vector_dim = 1>, indices_are_sorted = true, slice_sizes = array<i64: 1, 1>}> : (tensor<2x5xi32>, tensor<2x1xi32>) -> tensor<2x1xi32>
    %22 = stablehlo.reshape %21 : (tensor<2x1xi32>) -> tensor<2xi32>
    %c_6 = stablehlo.constant dense<0> : tensor<i32>
    %23 = stablehlo.compare LT, %arg1, %c_6, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %c_7 = stablehlo.constant dense<5> : tensor<i32>
    %24 = stablehlo.add %arg1, %c_7 : tensor<i32>
    %25 = stablehlo.select %23, %24, %arg1 : tensor<i1>, tensor<i32>
    %26 = stablehlo.convert %25 : tensor<i32>
    %27 = stablehlo.broadcast_in_dim %26, dims = [] : (tensor<i32>) -> tensor<1xi32>
    %28 = "stablehlo.scatter"(%arg2, %27, %22) <{indices_are_sorted = true, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [0], inserted_window_dims = [1], scatter_dims_to_operand_dims = [1]>, unique_indices = true}> ({
    ^bb0(%arg3: tensor<i32>, %arg4: tensor<i32>):
      stablehlo.return %arg4 : tensor<i32>
    }) : (tensor<2x5xi32>, tensor<1xi32>, tensor<2xi32>) -> tensor<2x5xi32>
    %c_8 = stablehlo.constant dense<0> : tensor<i32>
    %29 = stablehlo.broadcast_in_dim %c_8, dims = [] : (tensor<i32>) -> tensor<2xi32>
    %30 = stablehlo.compare LT, %7, %29, SIGNED : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi1>
    %c_9 = stablehlo.constant dense<5> : tensor<i32>
    %31 = stablehlo.broadcast_in_dim %c_9, dims = [] : (tensor<i32>) -> tensor<2xi32>
    %32 = stablehlo.add %7, %31 : tensor<2xi32>
    %33 = stablehlo.select %30, %32, %7 : tensor<2xi1>, tensor<2xi32>
    %34 = stablehlo.broadcast_in_dim %33, dims = [0] : (tensor<2xi32>) -> tensor<2x1xi32>
    %35 = "stablehlo.scatter"(%28, %34, %14) <{indices_are_sorted = true, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [1], input_batching_dims = [0], scatter_indices_batching_dims = [0], scatter_dims_to_operand_dims = [1], index_vector_dim = 1>, unique_indices = true}> ({
    ^bb0(%arg3: tensor<i32>, %arg4: tensor<i32>):
      stablehlo.return %arg4 : tensor<i32>
    }) : (tensor<2x5xi32>, tensor<2x1xi32>, tensor<2xi32>) -> tensor<2x5xi32>
    return %0, %35 : tensor<i32>, tensor<2x5xi32>
  }
  func.func private @diagonal(%arg0: tensor<2x5x5xcomplex<f32>>) -> tensor<2x5xcomplex<f32>> {
    %0 = stablehlo.iota dim = 0 : tensor<5xi32>
    %1 = stablehlo.iota dim = 0 : tensor<5xi32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %2 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<5xi32>
    %3 = stablehlo.compare LT, %0, %2, SIGNED : (tensor<5xi32>, tensor<5xi32>) -> tensor<5xi1>
    %c_0 = stablehlo.constant dense<5> : tensor<i32>
    %4 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<5xi32>
    %5 = stablehlo.add %0, %4 : tensor<5xi32>
    %6 = stablehlo.select %3, %5, %0 : tensor<5xi1>, tensor<5xi32>
    %c_1 = stablehlo.constant dense<0> : tensor<i32>
    %7 = stablehlo.broadcast_in_dim %c_1, dims = [] : (tensor<i32>) -> tensor<5xi32>
    %8 = stablehlo.compare LT, %1, %7, SIGNED : (tensor<5xi32>, tensor<5xi32>) -> tensor<5xi1>
    %c_2 = stablehlo.constant dense<5> : tensor<i32>
    %9 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<i32>) -> tensor<5xi32>
    %10 = stablehlo.add %1, %9 : tensor<5xi32>
    %11 = stablehlo.select %8, %10, %1 : tensor<5xi1>, tensor<5xi32>
    %12 = stablehlo.broadcast_in_dim %6, dims = [0] : (tensor<5xi32>) -> tensor<5x1xi32>
    %13 = stablehlo.broadcast_in_dim %11, dims = [0] : (tensor<5xi32>) -> tensor<5x1xi32>
    %14 = stablehlo.concatenate %12, %13, dim = 1 : (tensor<5x1xi32>, tensor<5x1xi32>) -> tensor<5x2xi32>
    %15 = "stablehlo.gather"(%arg0, %14) <{dimension_numbers = #stablehlo.gather<offset_dims = [0], collapsed_slice_dims = [1, 2], start_index_map = [1, 2], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 2, 1, 1>}> : (tensor<2x5x5xcomplex<f32>>, tensor<5x2xi32>) -> tensor<2x5xcomplex<f32>>
    return %15 : tensor<2x5xcomplex<f32>>
  }
  func.func private @count_nonzero(%arg0: tensor<2x5xi1>) -> tensor<2xi32> {
    %c = stablehlo.constant dense<false> : tensor<i1>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i1>) -> tensor<2x5xi1>
    %1 = stablehlo.compare NE, %arg0, %0, UNSIGNED : (tensor<2x5xi1>, tensor<2x5xi1>) -> tensor<2x5xi1>
    %2 = stablehlo.convert %1 : (tensor<2x5xi1>) -> tensor<2x5xi32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %3 = stablehlo.reduce(%2 init: %c_0) applies stablehlo.add across dimensions = [1] : (tensor<2x5xi32>, tensor<i32>) -> tensor<2xi32>
    return %3 : tensor<2xi32>
  }
  func.func private @remainder(%arg0: tensor<2xi32>, %arg1: tensor<i32>) -> tensor<2xi32> {
    %0 = stablehlo.convert %arg1 : tensor<i32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.compare EQ, %0, %c, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %c_0 = stablehlo.constant dense<1> : tensor<i32>
    %2 = call @_where(%1, %c_0, %0) : (tensor<i1>, tensor<i32>, tensor<i32>) -> tensor<i32>
    %3 = stablehlo.broadcast_in_dim %2, dims = [] : (tensor<i32>) -> tensor<2xi32>
    %4 = stablehlo.remainder %arg0, %3 : tensor<2xi32>
    %c_1 = stablehlo.constant dense<0> : tensor<i32>
    %5 = stablehlo.broadcast_in_dim %c_1, dims = [] : (tensor<i32>) -> tensor<2xi32>
    %6 = stablehlo.compare NE, %4, %5, SIGNED : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi1>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %7 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<i32>) -> tensor<2xi32>
    %8 = stablehlo.compare LT, %4, %7, SIGNED : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi1>
    %c_3 = stablehlo.constant dense<0> : tensor<i32>
    %9 = stablehlo.compare LT, %2, %c_3, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %10 = stablehlo.broadcast_in_dim %9, dims = [] : (tensor<i1>) -> tensor<2xi1>
    %11 = stablehlo.compare NE, %8, %10, UNSIGNED : (tensor<2xi1>, tensor<2xi1>) -> tensor<2xi1>
    %12 = stablehlo.and %11, %6 : tensor<2xi1>
    %13 = stablehlo.broadcast_in_dim %2, dims = [] : (tensor<i32>) -> tensor<2xi32>
    %14 = stablehlo.add %4, %13 : tensor<2xi32>
    %15 = stablehlo.select %12, %14, %4 : tensor<2xi1>, tensor<2xi32>
    return %15 : tensor<2xi32>
  }
  func.func private @_where(%arg0: tensor<i1>, %arg1: tensor<i32>, %arg2: tensor<i32>) -> tensor<i32> {
    %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<i1>, tensor<i32>
    return %0 : tensor<i32>
  }
  func.func private @_where_0(%arg0: tensor<2xi1>, %arg1: tensor<complex<f32>>, %arg2: tensor<2xcomplex<f32>>) -> tensor<2xcomplex<f32>> {
    %0 = stablehlo.broadcast_in_dim %arg1, dims = [] : (tensor<complex<f32>>) -> tensor<2xcomplex<f32>>
    %1 = stablehlo.select %arg0, %0, %arg2 : tensor<2xi1>, tensor<2xcomplex<f32>>
    return %1 : tensor<2xcomplex<f32>>
  }
}
