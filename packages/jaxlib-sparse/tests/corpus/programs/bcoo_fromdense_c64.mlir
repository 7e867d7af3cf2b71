module @jit__lambda attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<5x7xcomplex<f32>>) -> (tensor<16xcomplex<f32>> {jax.result_info = "result[0]"}, tensor<16x2xi32> {jax.result_info = "result[1]"}) {
    %cst = stablehlo.constant dense<(0.000000e+00,0.000000e+00)> : tensor<complex<f32>>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<complex<f32>>) -> tensor<5x7xcomplex<f32>>
    %1 = stablehlo.compare NE, %arg0, %0, FLOAT : (tensor<5x7xcomplex<f32>>, tensor<5x7xcomplex<f32>>) -> tensor<5x7xi1>
    %2 = call @cumsum(%1) : (tensor<5x7xi1>) -> tensor<35xi64>
    %c = stablehlo.constant dense<0> : tensor<i64>
    %3 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i64>) -> tensor<16xi64>
    %c_0 = stablehlo.constant dense<0> : tensor<i64>
    %4 = call @clip(%2, %c_0) : (tensor<35xi64>, tensor<i64>) -> tensor<35xi64>
    %c_1 = stablehlo.constant dense<0> : tensor<i64>
    %5 = stablehlo.broadcast_in_dim %c_1, dims = [] : (tensor<i64>) -> tensor<35xi64>
    %6 = stablehlo.compare LT, %4, %5, SIGNED : (tensor<35xi64>, tensor<35xi64>) -> tensor<35xi1>
    %c_2 = stablehlo.constant dense<16> : tensor<i64>
    %7 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<i64>) -> tensor<35xi64>
    %8 = stablehlo.add %4, %7 : tensor<35xi64>
    %9 = stablehlo.select %6, %8, %4 : tensor<35xi1>, tensor<35xi64>
    %10 = stablehlo.convert %9 : (tensor<35xi64>) -> tensor<35xi32>
    %11 = stablehlo.broadcast_in_dim %10, dims = [0] : (tensor<35xi32>) -> tensor<35x1xi32>
    %c_3 = stablehlo.constant dense<1> : tensor<i64>
    %12 = stablehlo.broadcast_in_dim %c_3, dims = [] : (tensor<i64>) -> tensor<35xi64>
    %13 = "stablehlo.scatter"(%3, %11, %12) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, unique_indices = false}> ({
    ^bb0(%arg1: tensor<i64>, %arg2: tensor<i64>):
      %68 = stablehlo.add %arg1, %arg2 : tensor<i64>
      stablehlo.return %68 : tensor<i64>
    }) : (tensor<16xi64>, tensor<35x1xi32>, tensor<35xi64>) -> tensor<16xi64>
    %14 = call @cumsum_1(%13) : (tensor<16xi64>) -> tensor<16xi64>
    %c_4 = stablehlo.constant dense<7> : tensor<i64>
    %15 = call @floor_divide(%14, %c_4) : (tensor<16xi64>, tensor<i64>) -> tensor<16xi64>
    %c_5 = stablehlo.constant dense<5> : tensor<i64>
    %16 = call @remainder(%15, %c_5) : (tensor<16xi64>, tensor<i64>) -> tensor<16xi64>
    %c_6 = stablehlo.constant dense<1> : tensor<i64>
    %17 = call @floor_divide(%14, %c_6) : (tensor<16xi64>, tensor<i64>) -> tensor<16xi64>
    %c_7 = stablehlo.constant dense<7> : tensor<i64>
    %18 = call @remainder(%17, %c_7) : (tensor<16xi64>, tensor<i64>) -> tensor<16xi64>
    %19 = stablehlo.iota dim = 0 : tensor<16xi64>
    %20 = stablehlo.convert %1 : (tensor<5x7xi1>) -> tensor<5x7xi32>
    %21 = stablehlo.convert %20 : (tensor<5x7xi32>) -> tensor<5x7xi64>
    %c_8 = stablehlo.constant dense<0> : tensor<i64>
    %22 = stablehlo.reduce(%21 init: %c_8) applies stablehlo.add across dimensions = [0, 1] : (tensor<5x7xi64>, tensor<i64>) -> tensor<i64>
    %23 = stablehlo.broadcast_in_dim %22, dims = [] : (tensor<i64>) -> tensor<16xi64>
    %24 = stablehlo.compare GE, %19, %23, SIGNED : (tensor<16xi64>, tensor<16xi64>) -> tensor<16xi1>
    %c_9 = stablehlo.constant dense<5> : tensor<i64>
    %25 = call @_where_4(%24, %c_9, %16) : (tensor<16xi1>, tensor<i64>, tensor<16xi64>) -> tensor<16xi64>
    %c_10 = stablehlo.constant dense<7> : tensor<i64>
    %26 = call @_where_4(%24, %c_10, %18) : (tensor<16xi1>, tensor<i64>, tensor<16xi64>) -> tensor<16xi64>
    %27 = stablehlo.convert %25 : (tensor<16xi64>) -> tensor<16xi32>
    %28 = stablehlo.broadcast_in_dim %27, dims = [1] : (tensor<16xi32>) -> tensor<1x16xi32>
    %29 = stablehlo.convert %26 : (tensor<16xi64>) -> tensor<16xi32>
    %30 = stablehlo.broadcast_in_dim %29, dims = [1] : (tensor<16xi32>) -> tensor<1x16xi32>
    %31 = stablehlo.concatenate %28, %30, dim = 0 : (tensor<1x16xi32>, tensor<1x16xi32>) -> tensor<2x16xi32>
    %32 = stablehlo.transpose %31, dims = [1, 0] : (tensor<2x16xi32>) -> tensor<16x2xi32>
    %33 = stablehlo.slice %32 [0:16, 0:1] : (tensor<16x2xi32>) -> tensor<16x1xi32>
    %34 = stablehlo.reshape %33 : (tensor<16x1xi32>) -> tensor<16xi32>
    %35 = stablehlo.slice %32 [0:16, 1:2] : (tensor<16x2xi32>) -> tensor<16x1xi32>
    %36 = stablehlo.reshape %35 : (tensor<16x1xi32>) -> tensor<16xi32>
    %c_11 = stablehlo.constant dense<0> : tensor<i32>
    %37 = stablehlo.broadcast_in_dim %c_11, dims = [] : (tensor<i32>) -> tensor<16xi32>
    %38 = stablehlo.compare LT, %34, %37, SIGNED : (tensor<16xi32>, tensor<16xi32>) -> tensor<16xi1>
    %c_12 = stablehlo.constant dense<5> : tensor<i32>
    %39 = stablehlo.broadcast_in_dim %c_12, dims = [] : (tensor<i32>) -> tensor<16xi32>
    %40 = stablehlo.add %34, %39 : tensor<16xi32>
    %41 = stablehlo.select %38, %40, %34 : tensor<16xi1>, tensor<16xi32>
    %c_13 = stablehlo.constant dense<0> : tensor<i32>
    %42 = stablehlo.broadcast_in_dim %c_13, dims = [] : (tensor<i32>) -> tensor<16xi32>
    %43 = stablehlo.compare LT, %36, %42, SIGNED : (tensor<16xi32>, tensor<16xi32>) -> tensor<16xi1>
    %c_14 = stablehlo.constant dense<7> : tensor<i32>
    %44 = stablehlo.broadcast_in_dim %c_14, dims = [] : (tensor<i32>) -> tensor<16xi32>
    %45 = stablehlo.add %36, %44 : tensor<16xi32>
    %46 = stablehlo.select %43, %45, %36 : tensor<16xi1>, tensor<16xi32>
    %47 = stablehlo.broadcast_in_dim %41, dims = [0] : (tensor<16xi32>) -> tensor<16x1xi32>
    %48 = stablehlo.broadcast_in_dim %46, dims = [0] : (tensor<16xi32>) -> tensor<16x1xi32>
    %49 = stablehlo.concatenate %47, %48, dim = 1 : (tensor<16x1xi32>, tensor<16x1xi32>) -> tensor<16x2xi32>
    %c_15 = stablehlo.constant dense<[4, 6]> : tensor<2xi32>
    %c_16 = stablehlo.constant dense<0> : tensor<i32>
    %50 = stablehlo.broadcast_in_dim %c_16, dims = [] : (tensor<i32>) -> tensor<16x2xi32>
    %51 = stablehlo.compare GE, %49, %50, SIGNED : (tensor<16x2xi32>, tensor<16x2xi32>) -> tensor<16x2xi1>
    %52 = stablehlo.broadcast_in_dim %c_15, dims = [1] : (tensor<2xi32>) -> tensor<1x2xi32>
    %53 = stablehlo.broadcast_in_dim %52, dims = [0, 1] : (tensor<1x2xi32>) -> tensor<16x2xi32>
    %54 = stablehlo.compare LE, %49, %53, SIGNED : (tensor<16x2xi32>, tensor<16x2xi32>) -> tensor<16x2xi1>
    %55 = stablehlo.and %51, %54 : tensor<16x2xi1>
    %c_17 = stablehlo.constant dense<true> : tensor<i1>
    %56 = stablehlo.reduce(%55 init: %c_17) applies stablehlo.and across dimensions = [1] : (tensor<16x2xi1>, tensor<i1>) -> tensor<16xi1>
    %57 = "stablehlo.gather"(%arg0, %49) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [0, 1], start_index_map = [0, 1], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 1>}> : (tensor<5x7xcomplex<f32>>, tensor<16x2xi32>) -> tensor<16xcomplex<f32>>
    %cst_18 = stablehlo.constant dense<(0.000000e+00,0.000000e+00)> : tensor<complex<f32>>
    %58 = stablehlo.broadcast_in_dim %cst_18, dims = [] : (tensor<complex<f32>>) -> tensor<16xcomplex<f32>>
    %59 = stablehlo.select %56, %57, %58 : tensor<16xi1>, tensor<16xcomplex<f32>>
    %60 = stablehlo.convert %1 : (tensor<5x7xi1>) -> tensor<5x7xi32>
    %61 = stablehlo.convert %60 : (tensor<5x7xi32>) -> tensor<5x7xi64>
    %c_19 = stablehlo.constant dense<0> : tensor<i64>
    %62 = stablehlo.reduce(%61 init: %c_19) applies stablehlo.add across dimensions = [0, 1] : (tensor<5x7xi64>, tensor<i64>) -> tensor<i64>
    %63 = stablehlo.broadcast_in_dim %62, dims = [] : (tensor<i64>) -> tensor<1xi64>
    %64 = stablehlo.iota dim = 0 : tensor<16xi64>
    %65 = stablehlo.broadcast_in_dim %63, dims = [0] : (tensor<1xi64>) -> tensor<16xi64>
    %66 = stablehlo.compare LT, %64, %65, SIGNED : (tensor<16xi64>, tensor<16xi64>) -> tensor<16xi1>
    %c_20 = stablehlo.constant dense<0> : tensor<i64>
    %67 = call @_where_5(%66, %59, %c_20) : (tensor<16xi1>, tensor<16xcomplex<f32>>, tensor<i64>) -> tensor<16xcomplex<f32>>
    return %67, %32 : tensor<16xcomplex<f32>>, tensor<16x2xi32>
  }
  func.func private @cumsum(%arg0: tensor<5x7xi1>) -> tensor<35xi64> {
    %0 = stablehlo.reshape %arg0 : (tensor<5x7xi1>) -> tensor<35xi1>
    %1 = stablehlo.convert %0 : (tensor<35xi1>) -> tensor<35xi64>
    %2 = call @cumsum_0(%1) : (tensor<35xi64>) -> tensor<35xi64>
    return %2 : tensor<35xi64>
  }
  func.func private @cumsum_0(%arg0: tensor<35xi64>) -> tensor<35xi64> {
    %c = stablehlo.constant dense<0> : tensor<i64>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i64>) -> tensor<i64>
    %1 = "stablehlo.reduce_window"(%arg0, %0) <{base_dilations = array<i64: 1>, padding = dense<[[34, 0]]> : tensor<1x2xi64>, window_dilations = array<i64: 1>, window_dimensions = array<i64: 35>, window_strides = array<i64: 1>}> ({
    ^bb0(%arg1: tensor<i64>, %arg2: tensor<i64>):
      %2 = stablehlo.add %arg1, %arg2 : tensor<i64>
      stablehlo.return %2 : tensor<i64>
    }) : (tensor<35xi64>, tensor<i64>) -> tensor<35xi64>
    return %1 : tensor<35xi64>
  }
  func.func private @clip(%arg0: tensor<35xi64>, %arg1: tensor<i64>) -> tensor<35xi64> {
    %0 = stablehlo.convert %arg1 : tensor<i64>
    %1 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<i64>) -> tensor<35xi64>
    %2 = stablehlo.maximum %1, %arg0 : tensor<35xi64>
    return %2 : tensor<35xi64>
  }
  func.func private @cumsum_1(%arg0: tensor<16xi64>) -> tensor<16xi64> {
    %0 = call @cumsum_2(%arg0) : (tensor<16xi64>) -> tensor<16xi64>
    return %0 : tensor<16xi64>
  }
  func.func private @cumsum_2(%arg0: tensor<16xi64>) -> tensor<16xi64> {
    %c = stablehlo.constant dense<0> : tensor<i64>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i64>) -> tensor<i64>
    %1 = "stablehlo.reduce_window"(%arg0, %0) <{base_dilations = array<i64: 1>, padding = dense<[[15, 0]]> : tensor<1x2xi64>, window_dilations = array<i64: 1>, window_dimensions = array<i64: 16>, window_strides = array<i64: 1>}> ({
    ^bb0(%arg1: tensor<i64>, %arg2: tensor<i64>):
      %2 = stablehlo.add %arg1, %arg2 : tensor<i64>
      stablehlo.return %2 : tensor<i64>
    }) : (tensor<16xi64>, tensor<i64>) -> tensor<16xi64>
    return %1 : tensor<16xi64>
  }
  func.func private @floor_divide(%arg0: tensor<16xi64>, %arg1: tensor<i64>) -> tensor<16xi64> {
    %0 = stablehlo.broadcast_in_dim %arg1, dims = [] : (tensor<i64>) -> tensor<16xi64>
    %1 = stablehlo.divide %arg0, %0 : tensor<16xi64>
    %2 = stablehlo.sign %arg0 : tensor<16xi64>
    %3 = stablehlo.sign %arg1 : tensor<i64>
    %4 = stablehlo.broadcast_in_dim %3, dims = [] : (tensor<i64>) -> tensor<16xi64>
    %5 = stablehlo.compare NE, %2, %4, SIGNED : (tensor<16xi64>, tensor<16xi64>) -> tensor<16xi1>
    %6 = stablehlo.broadcast_in_dim %arg1, dims = [] : (tensor<i64>) -> tensor<16xi64>
    %7 = stablehlo.remainder %arg0, %6 : tensor<16xi64>
    %c = stablehlo.constant dense<0> : tensor<i64>
    %8 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i64>) -> tensor<16xi64>
    %9 = stablehlo.compare NE, %7, %8, SIGNED : (tensor<16xi64>, tensor<16xi64>) -> tensor<16xi1>
    %10 = stablehlo.and %5, %9 : tensor<16xi1>
    %c_0 = stablehlo.constant dense<1> : tensor<i64>
    %11 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i64>) -> tensor<16xi64>
    %12 = stablehlo.subtract %1, %11 : tensor<16xi64>
    %13 = call @_where(%10, %12, %1) : (tensor<16xi1>, tensor<16xi64>, tensor<16xi64>) -> tensor<16xi64>
    return %13 : tensor<16xi64>
  }
  func.func private @_where(%arg0: tensor<16xi1>, %arg1: tensor<16xi64>, %arg2: tensor<16xi64>) -> tensor<16xi64> {
    %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<16xi1>, tensor<16xi64>
    return %0 : tensor<16xi64>
  }
  func.func private @remainder(%arg0: tensor<16xi64>, %arg1: tensor<i64>) -> tensor<16xi64> {
    %0 = stablehlo.convert %arg1 : tensor<i64>
    %c = stablehlo.constant dense<0> : tensor<i64>
    %1 = stablehlo.compare EQ, %0, %c, SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
    %c_0 = stablehlo.constant dense<1> : tensor<i64>
    %2 = call @_where_3(%1, %c_0, %0) : (tensor<i1>, tensor<i64>, tensor<i64>) -> tensor<i64>
    %3 = stablehlo.broadcast_in_dim %2, dims = [] : (tensor<i64>) -> tensor<16xi64>
    %4 = stablehlo.remainder %arg0, %3 : tensor<16xi64>
    %c_1 = stablehlo.constant dense<0> : tensor<i64>
    %5 = stablehlo.broadcast_in_dim %c_1, dims = [] : (tensor<i64>) -> tensor<16xi64>
    %6 = stablehlo.compare NE, %4, %5, SIGNED : (tensor<16xi64>, tensor<16xi64>) -> tensor<16xi1>
    %c_2 = stablehlo.constant dense<0> : tensor<i64>
    %7 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<i64>) -> tensor<16xi64>
    %8 = stablehlo.compare LT, %4, %7, SIGNED : (tensor<16xi64>, tensor<16xi64>) -> tensor<16xi1>
    %c_3 = stablehlo.constant dense<0> : tensor<i64>
    %9 = stablehlo.compare LT, %2, %c_3, SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
    %10 = stablehlo.broadcast_in_dim %9, dims = [] : (tensor<i1>) -> tensor<16xi1>
    %11 = stablehlo.compare NE, %8, %10, UNSIGNED : (tensor<16xi1>, tensor<16xi1>) -> tensor<16xi1>
    %12 = stablehlo.and %11, %6 : tensor<16xi1>
    %13 = stablehlo.broadcast_in_dim %2, dims = [] : (tensor<i64>) -> tensor<16xi64>
    %14 = stablehlo.add %4, %13 : tensor<16xi64>
    %15 = stablehlo.select %12, %14, %4 : tensor<16xi1>, tensor<16xi64>
    return %15 : tensor<16xi64>
  }
  func.func private @_where_3(%arg0: tensor<i1>, %arg1: tensor<i64>, %arg2: tensor<i64>) -> tensor<i64> {
    %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<i1>, tensor<i64>
    return %0 : tensor<i64>
  }
  func.func private @_where_4(%arg0: tensor<16xi1>, %arg1: tensor<i64>, %arg2: tensor<16xi64>) -> tensor<16xi64> {
    %0 = stablehlo.convert %arg1 : tensor<i64>
    %1 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<i64>) -> tensor<16xi64>
    %2 = stablehlo.select %arg0, %1, %arg2 : tensor<16xi1>, tensor<16xi64>
    return %2 : tensor<16xi64>
  }
  func.func private @_where_5(%arg0: tensor<16xi1>, %arg1: tensor<16xcomplex<f32>>, %arg2: tensor<i64>) -> tensor<16xcomplex<f32>> {
    %0 = stablehlo.convert %arg2 : (tensor<i64>) -> tensor<complex<f32>>
    %1 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<complex<f32>>) -> tensor<16xcomplex<f32>>
    %2 = stablehlo.select %arg0, %arg1, %1 : tensor<16xi1>, tensor<16xcomplex<f32>>
    return %2 : tensor<16xcomplex<f32>>
  }
}
