module @jit_inv attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<2x3x4x4xcomplex<f32>>) -> (tensor<2x3x4x4xcomplex<f32>> {jax.result_info = "result"}) {
    %0 = call @inv(%arg0) : (tensor<2x3x4x4xcomplex<f32>>) -> tensor<2x3x4x4xcomplex<f32>>
    return %0 : tensor<2x3x4x4xcomplex<f32>>
  }
  func.func private @inv(%arg0: tensor<2x3x4x4xcomplex<f32>>) -> tensor<2x3x4x4xcomplex<f32>> {
    %0 = stablehlo.iota dim = 0 : tensor<4x4xi32>
    %1 = stablehlo.iota dim = 1 : tensor<4x4xi32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %2 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<4x4xi32>
    %3 = stablehlo.add %0, %2 : tensor<4x4xi32>
    %4 = stablehlo.compare EQ, %3, %1, SIGNED : (tensor<4x4xi32>, tensor<4x4xi32>) -> tensor<4x4xi1>
    %5 = stablehlo.convert %4 : (tensor<4x4xi1>) -> tensor<4x4xcomplex<f32>>
    %6 = stablehlo.broadcast_in_dim %5, dims = [2, 3] : (tensor<4x4xcomplex<f32>>) -> tensor<2x3x4x4xcomplex<f32>>
    %7 = call @solve(%arg0, %6) : (tensor<2x3x4x4xcomplex<f32>>, tensor<2x3x4x4xcomplex<f32>>) -> tensor<2x3x4x4xcomplex<f32>>
    return %7 : tensor<2x3x4x4xcomplex<f32>>
  }
  func.func private @solve(%arg0: tensor<2x3x4x4xcomplex<f32>>, %arg1: tensor<2x3x4x4xcomplex<f32>>) -> tensor<2x3x4x4xcomplex<f32>> {
    %0:3 = stablehlo.custom_call @lapack_cgetrf_ffi(%arg0) {backend_config = "", mhlo.backend_config = {}, mhlo.frontend_attributes = {num_batch_dims = "2"}, operand_layouts = [dense<[2, 3, 1, 0]> : tensor<4xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 0, operand_tuple_indices = []>], result_layouts = [dense<[2, 3, 1, 0]> : tensor<4xindex>, dense<[2, 1, 0]> : tensor<3xindex>, dense<[1, 0]> : tensor<2xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j, k, l])->([i, j, m, n], [i, j, o], [i, j]) {i=2, j=3, k=4, l=4, m=4, n=4, o=4}, custom>} : (tensor<2x3x4x4xcomplex<f32>>) -> (tensor<2x3x4x4xcomplex<f32>>, tensor<2x3x4xi32>, tensor<2x3xi32>)
    %c = stablehlo.constant dense<1> : tensor<i32>
    %1 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<2x3x4xi32>
    %2 = stablehlo.subtract %0#1, %1 : tensor<2x3x4xi32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %3 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<2x3xi32>
    %4 = stablehlo.compare GE, %0#2, %3, SIGNED : (tensor<2x3xi32>, tensor<2x3xi32>) -> tensor<2x3xi1>
    %5 = stablehlo.broadcast_in_dim %4, dims = [0, 1] : (tensor<2x3xi1>) -> tensor<2x3x1x1xi1>
    %cst = stablehlo.constant dense<(0x7FC00000,0x7FC00000)> : tensor<complex<f32>>
    %6 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<complex<f32>>) -> tensor<2x3x4x4xcomplex<f32>>
    %7 = stablehlo.broadcast_in_dim %5, dims = [0, 1, 2, 3] : (tensor<2x3x1x1xi1>) -> tensor<2x3x4x4xi1>
    %8 = stablehlo.select %7, %0#0, %6 : tensor<2x3x4x4xi1>, tensor<2x3x4x4xcomplex<f32>>
    %9 = stablehlo.iota dim = 2 : tensor<2x3x4xi32>
    %c_1 = stablehlo.constant dense<0> : tensor<i32>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %10:4 = stablehlo.while(%iterArg = %2, %iterArg_3 = %c_2, %iterArg_4 = %c_1, %iterArg_5 = %9) : tensor<2x3x4xi32>, tensor<i32>, tensor<i32>, tensor<2x3x4xi32>
    cond {
      %c_6 = stablehlo.constant dense<4> : tensor<i32>
      %14 = stablehlo.compare LT, %iterArg_3, %c_6, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %14 : tensor<i1>
    } do {
      %14:2 = func.call @closed_call(%iterArg, %iterArg_4, %iterArg_5) : (tensor<2x3x4xi32>, tensor<i32>, tensor<2x3x4xi32>) -> (tensor<i32>, tensor<2x3x4xi32>)
      %c_6 = stablehlo.constant dense<1> : tensor<i32>
      %15 = stablehlo.add %iterArg_3, %c_6 : tensor<i32>
      stablehlo.return %iterArg, %15, %14#0, %14#1 : tensor<2x3x4xi32>, tensor<i32>, tensor<i32>, tensor<2x3x4xi32>
    }
    %11 = stablehlo.transpose %arg1, dims = [0, 1, 3, 2] : (tensor<2x3x4x4xcomplex<f32>>) -> tensor<2x3x4x4xcomplex<f32>>
    %12 = call @_lu_solve(%8, %10#3, %11) : (tensor<2x3x4x4xcomplex<f32>>, tensor<2x3x4xi32>, tensor<2x3x4x4xcomplex<f32>>) -> tensor<2x3x4x4xcomplex<f32>>
    %13 = stablehlo.transpose %12, dims = [0, 1, 3, 2] : (tensor<2x3x4x4xcomplex<f32>>) -> tensor<2x3x4x4xcomplex<f32>>
    return %13 : tensor<2x3x4x4xcomplex<f32>>
  }
  func.func private @closed_call(%arg0: tensor<2x3x4xi32>, %arg1: tensor<i32>, %arg2: tensor<2x3x4xi32>) -> (tensor<i32>, tensor<2x3x4xi32>) {
    %c = stablehlo.constant dense<1> : tensor<i32>
    %0 = stablehlo.add %arg1, %c : tensor<i32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.compare LT, %arg1, %c_0, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %2 = stablehlo.convert %arg1 : tensor<i32>
    %c_1 = stablehlo.constant dense<4> : tensor<i32>
    %3 = stablehlo.add %2, %c_1 : tensor<i32>
    %4 = stablehlo.select %1, %3, %arg1 : tensor<i1>, tensor<i32>
    %5 = stablehlo.broadcast_in_dim %4, dims = [] : (tensor<i32>) -> tensor<1xi32>
    %6 = "stablehlo.gather"(%arg0, %5) <{dimension_numbers = #stablehlo.gather<offset_dims = [0, 1, 2], start_index_map = [2]>, indices_are_sorted = true, slice_sizes = array<i64: 2, 3, 1>}> : (tensor<2x3x4xi32>, tensor<1xi32>) -> tensor<2x3x1xi32>
    %7 = stablehlo.reshape %6 : (tensor<2x3x1xi32>) -> tensor<2x3xi32>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %8 = stablehlo.compare LT, %arg1, %c_2, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %9 = stablehlo.convert %arg1 : tensor<i32>
    %c_3 = stablehlo.constant dense<4> : tensor<i32>
    %10 = stablehlo.add %9, %c_3 : tensor<i32>
    %11 = stablehlo.select %8, %10, %arg1 : tensor<i1>, tensor<i32>
    %12 = stablehlo.broadcast_in_dim %11, dims = [] : (tensor<i32>) -> tensor<1xi32>
    %13 = "stablehlo.gather"(%arg2, %12) <{dimension_numbers = #stablehlo.gather<offset_dims = [0, 1, 2], start_index_map = [2]>, indices_are_sorted = true, slice_sizes = array<i64: 2, 3, 1>}> : (tensor<2x3x4xi32>, tensor<1xi32>) -> tensor<2x3x1xi32>
    %14 = stablehlo.reshape %13 : (tensor<2x3x1xi32>) -> tensor<2x3xi32>
    %c_4 = stablehlo.constant dense<0> : tensor<i32>
    %15 = stablehlo.broadcast_in_dim %c_4, dims = [] : (tensor<i32>) -> tensor<2x3xi32>
    %16 = stablehlo.compare LT, %7, %15, SIGNED : (tensor<2x3xi32>, tensor<2x3xi32>) -> tensor<2x3xi1>
    %c_5 = stablehlo.constant dense<4> : tensor<i32>
    %17 = stablehlo.broadcast_in_dim %c_5, dims = [] : (tensor<i32>) -> tensor<2x3xi32>
    %18 = stablehlo.add %7, %17 : tensor<2x3xi32>
    %19 = stablehlo.select %16, %18, %7 : tensor<2x3xi1>, tensor<2x3xi32>
    %20 = stablehlo.broadcast_in_dim %19, dims = [0, 1] : (tensor<2x3xi32>) -> tensor<2x3x1xi32>
    %21 = "stablehlo.gather"(%arg2, %20) <{dimension_numbers = #stablehlo.gather<offset_dims = [2], operand_batching_dims = [0, 1], start_indices_batching_dims = [0, 1], start_index_map = [2], index_vector_dim = 2>, indices_are_sorted = true, slice_sizes = array<i64: 1, 1, 1>}> : (tensor<2x3x4xi32>, tensor<2x3x1xi32>) -> tensor<2x3x1xi32>
    %22 = stablehlo.reshape %21 : (tensor<2x3x1xi32>) -> tensor<2x3xi32>
    %c_6 = stablehlo.constant dense<0> : tensor<i32>
    %23 = stablehlo.compare LT, %arg1, %c_6, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %c_7 = stablehlo.constant dense<4> : tensor<i32>
    %24 = stablehlo.add %arg1, %c_7 : tensor<i32>
    %25 = stablehlo.select %23, %24, %arg1 : tensor<i1>, tensor<i32>
    %26 = stablehlo.convert %25 : tensor<i32>
    %27 = stablehlo.broadcast_in_dim %26, dims = [] : (tensor<i32>) -> tensor<1xi32>
    %28 = "stablehlo.scatter"(%arg2, %27, %22) <{indices_are_sorted = true, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [0, 1], inserted_window_dims = [2], scatter_dims_to_operand_dims = [2]>, unique_indices = true}> ({
    ^bb0(%arg3: tensor<i32>, %arg4: tensor<i32>):
      stablehlo.return %arg4 : tensor<i32>
    }) : (tensor<2x3x4xi32>, tensor<1xi32>, tensor<2x3xi32>) -> tensor<2x3x4xi32>
    %c_8 = stablehlo.constant dense<0> : tensor<i32>
    %29 = stablehlo.broadcast_in_dim %c_8, dims = [] : (tensor<i32>) -> tensor<2x3xi32>
    %30 = stablehlo.compare LT, %7, %29, SIGNED : (tensor<2x3xi32>, tensor<2x3xi32>) -> tensor<2x3xi1>
    %c_9 = stablehlo.constant dense<4> : tensor<i32>
    %31 = stablehlo.broadcast_in_dim %c_9, dims = [] : (tensor<i32>) -> tensor<2x3xi32>
    %32 = stablehlo.add %7, %31 : tensor<2x3xi32>
    %33 = stablehlo.select %30, %32, %7 : tensor<2x3xi1>, tensor<2x3xi32>
    %34 = stablehlo.broadcast_in_dim %33, dims = [0, 1] : (tensor<2x3xi32>) -> tensor<2x3x1xi32>
    %35 = "stablehlo.scatter"(%28, %34, %14) <{indices_are_sorted = true, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [2], input_batching_dims = [0, 1], scatter_indices_batching_dims = [0, 1], scatter_dims_to_operand_dims = [2], index_vector_dim = 2>, unique_indices = true}> ({
    ^bb0(%arg3: tensor<i32>, %arg4: tensor<i32>):
      stablehlo.return %arg4 : tensor<i32>
    }) : (tensor<2x3x4xi32>, tensor<2x3x1xi32>, tensor<2x3xi32>) -> tensor<2x3x4xi32>
    return %0, %35 : tensor<i32>, tensor<2x3x4xi32>
  }
  func.func private @_lu_solve(%arg0: tensor<2x3x4x4xcomplex<f32>>, %arg1: tensor<2x3x4xi32>, %arg2: tensor<2x3x4x4xcomplex<f32>>) -> tensor<2x3x4x4xcomplex<f32>> {
    %0 = stablehlo.broadcast_in_dim %arg2, dims = [0, 1, 2, 3] : (tensor<2x3x4x4xcomplex<f32>>) -> tensor<2x3x4x4x1xcomplex<f32>>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<2x3x4xi32>
    %2 = stablehlo.compare LT, %arg1, %1, SIGNED : (tensor<2x3x4xi32>, tensor<2x3x4xi32>) -> tensor<2x3x4xi1>
    %c_0 = stablehlo.constant dense<4> : tensor<i32>
    %3 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<2x3x4xi32>
    %4 = stablehlo.add %arg1, %3 : tensor<2x3x4xi32>
    %5 = stablehlo.select %2, %4, %arg1 : tensor<2x3x4xi1>, tensor<2x3x4xi32>
    %6 = stablehlo.broadcast_in_dim %5, dims = [0, 1, 2] : (tensor<2x3x4xi32>) -> tensor<2x3x4x1xi32>
    %7 = "stablehlo.gather"(%0, %6) <{dimension_numbers = #stablehlo.gather<offset_dims = [2, 4], collapsed_slice_dims = [3], operand_batching_dims = [0, 1], start_indices_batching_dims = [0, 1], start_index_map = [3], index_vector_dim = 3>, indices_are_sorted = false, slice_sizes = array<i64: 1, 1, 4, 1, 1>}> : (tensor<2x3x4x4x1xcomplex<f32>>, tensor<2x3x4x1xi32>) -> tensor<2x3x4x4x1xcomplex<f32>>
    %8 = stablehlo.transpose %7, dims = [0, 1, 3, 4, 2] : (tensor<2x3x4x4x1xcomplex<f32>>) -> tensor<2x3x4x1x4xcomplex<f32>>
    %9 = stablehlo.reshape %8 : (tensor<2x3x4x1x4xcomplex<f32>>) -> tensor<2x3x4x4xcomplex<f32>>
    %10 = stablehlo.custom_call @lapack_ctrsm_ffi(%arg0, %9) {backend_config = "", mhlo.backend_config = {diag = 85 : ui8, side = 76 : ui8, trans_x = 78 : ui8, uplo = 76 : ui8}, mhlo.frontend_attributes = {num_batch_dims = "2"}, operand_layouts = [dense<[2, 3, 1, 0]> : tensor<4xindex>, dense<[2, 3, 1, 0]> : tensor<4xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 1, operand_tuple_indices = []>], result_layouts = [dense<[2, 3, 1, 0]> : tensor<4xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j, k, l], [i, j, m, n])->([i, j, o, p]) {i=2, j=3, k=4, l=4, m=4, n=4, o=4, p=4}, custom>} : (tensor<2x3x4x4xcomplex<f32>>, tensor<2x3x4x4xcomplex<f32>>) -> tensor<2x3x4x4xcomplex<f32>>
    %11 = stablehlo.reshape %10 : (tensor<2x3x4x4xcomplex<f32>>) -> tensor<2x3x4x1x4xcomplex<f32>>
    %12 = stablehlo.reshape %11 : (tensor<2x3x4x1x4xcomplex<f32>>) -> tensor<2x3x4x4xcomplex<f32>>
    %13 = stablehlo.custom_call @lapack_ctrsm_ffi(%arg0, %12) {backend_config = "", mhlo.backend_config = {diag = 78 : ui8, side = 76 : ui8, trans_x = 78 : ui8, uplo = 85 : ui8}, mhlo.frontend_attributes = {num_batch_dims = "2"}, operand_layouts = [dense<[2, 3, 1, 0]> : tensor<4xindex>, dense<[2, 3, 1, 0]> : tensor<4xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 1, operand_tuple_indices = []>], result_layouts = [dense<[2, 3, 1, 0]> : tensor<4xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j, k, l], [i, j, m, n])->([i, j, o, p]) {i=2, j=3, k=4, l=4, m=4, n=4, o=4, p=4}, custom>} : (tensor<2x3x4x4xcomplex<f32>>, tensor<2x3x4x4xcomplex<f32>>) -> tensor<2x3x4x4xcomplex<f32>>
    %14 = stablehlo.reshape %13 : (tensor<2x3x4x4xcomplex<f32>>) -> tensor<2x3x4x1x4xcomplex<f32>>
    %15 = stablehlo.transpose %14, dims = [0, 1, 4, 2, 3] : (tensor<2x3x4x1x4xcomplex<f32>>) -> tensor<2x3x4x4x1xcomplex<f32>>
    %16 = stablehlo.reshape %15 : (tensor<2x3x4x4x1xcomplex<f32>>) -> tensor<2x3x4x4xcomplex<f32>>
    return %16 : tensor<2x3x4x4xcomplex<f32>>
  }
}
