module @jit__lambda attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<17xcomplex<f64>>, %arg1: tensor<17xi32>, %arg2: tensor<6xi32>) -> (tensor<7x5xcomplex<f64>> {jax.result_info = "result"}) {
    %0:2 = call @_csr_to_coo(%arg1, %arg2) : (tensor<17xi32>, tensor<6xi32>) -> (tensor<17xi32>, tensor<17xi32>)
    %1 = stablehlo.broadcast_in_dim %0#0, dims = [0] : (tensor<17xi32>) -> tensor<17x1xi32>
    %2 = stablehlo.broadcast_in_dim %0#1, dims = [0] : (tensor<17xi32>) -> tensor<17x1xi32>
    %3 = stablehlo.concatenate %1, %2, dim = 1 : (tensor<17x1xi32>, tensor<17x1xi32>) -> tensor<17x2xi32>
    %c = stablehlo.constant dense<[1, 0]> : tensor<2xi64>
    %c_0 = stablehlo.constant dense<0> : tensor<i64>
    %4 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i64>) -> tensor<2xi64>
    %5 = stablehlo.compare LT, %c, %4, SIGNED : (tensor<2xi64>, tensor<2xi64>) -> tensor<2xi1>
    %c_1 = stablehlo.constant dense<2> : tensor<i64>
    %6 = stablehlo.broadcast_in_dim %c_1, dims = [] : (tensor<i64>) -> tensor<2xi64>
    %7 = stablehlo.add %c, %6 : tensor<2xi64>
    %8 = stablehlo.select %5, %7, %c : tensor<2xi1>, tensor<2xi64>
    %9 = stablehlo.convert %8 : (tensor<2xi64>) -> tensor<2xi32>
    %10 = stablehlo.broadcast_in_dim %9, dims = [0] : (tensor<2xi32>) -> tensor<2x1xi32>
    %11 = "stablehlo.gather"(%3, %10) <{dimension_numbers = #stablehlo.gather<offset_dims = [0], collapsed_slice_dims = [1], start_index_map = [1], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 17, 1>}> : (tensor<17x2xi32>, tensor<2x1xi32>) -> tensor<17x2xi32>
    %12 = stablehlo.slice %11 [0:17, 0:1] : (tensor<17x2xi32>) -> tensor<17x1xi32>
    %13 = stablehlo.reshape %12 : (tensor<17x1xi32>) -> tensor<17xi32>
    %14 = stablehlo.slice %11 [0:17, 1:2] : (tensor<17x2xi32>) -> tensor<17x1xi32>
    %15 = stablehlo.reshape %14 : (tensor<17x1xi32>) -> tensor<17xi32>
    %cst = stablehlo.constant dense<(0.000000e+00,0.000000e+00)> : tensor<complex<f64>>
    %16 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<complex<f64>>) -> tensor<7x5xcomplex<f64>>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %17 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<i32>) -> tensor<17xi32>
    %18 = stablehlo.compare LT, %13, %17, SIGNED : (tensor<17xi32>, tensor<17xi32>) -> tensor<17xi1>
    %c_3 = stablehlo.constant dense<7> : tensor<i32>
    %19 = stablehlo.broadcast_in_dim %c_3, dims = [] : (tensor<i32>) -> tensor<17xi32>
    %20 = stablehlo.add %13, %19 : tensor<17xi32>
    %21 = stablehlo.select %18, %20, %13 : tensor<17xi1>, tensor<17xi32>
    %c_4 = stablehlo.constant dense<0> : tensor<i32>
    %22 = stablehlo.broadcast_in_dim %c_4, dims = [] : (tensor<i32>) -> tensor<17xi32>
    %23 = stablehlo.compare LT, %15, %22, SIGNED : (tensor<17xi32>, tensor<17xi32>) -> tensor<17xi1>
    %c_5 = stablehlo.constant dense<5> : tensor<i32>
    %24 = stablehlo.broadcast_in_dim %c_5, dims = [] : (tensor<i32>) -> tensor<17xi32>
    %25 = stablehlo.add %15, %24 : tensor<17xi32>
    %26 = stablehlo.select %23, %25, %15 : tensor<17xi1>, tensor<17xi32>
    %27 = stablehlo.broadcast_in_dim %21, dims = [0] : (tensor<17xi32>) -> tensor<17x1xi32>
    %28 = stablehlo.broadcast_in_dim %26, dims = [0] : (tensor<17xi32>) -> tensor<17x1xi32>
    %29 = stablehlo.concatenate %27, %28, dim = 1 : (tensor<17x1xi32>, tensor<17x1xi32>) -> tensor<17x2xi32>
    %30 = "stablehlo.scatter"(%16, %29, %arg0) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0, 1], scatter_dims_to_operand_dims = [0, 1], index_vector_dim = 1>, unique_indices = false}> ({
    ^bb0(%arg3: tensor<complex<f64>>, %arg4: tensor<complex<f64>>):
      %31 = stablehlo.add %arg3, %arg4 : tensor<complex<f64>>
      stablehlo.return %31 : tensor<complex<f64>>
    }) : (tensor<7x5xcomplex<f64>>, tensor<17x2xi32>, tensor<17xcomplex<f64>>) -> tensor<7x5xcomplex<f64>>
    return %30 : tensor<7x5xcomplex<f64>>
  }
  func.func private @_csr_to_coo(%arg0: tensor<17xi32>, %arg1: tensor<6xi32>) -> (tensor<17xi32>, tensor<17xi32>) {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<17xi32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<6xi32>
    %2 = stablehlo.compare LT, %arg1, %1, SIGNED : (tensor<6xi32>, tensor<6xi32>) -> tensor<6xi1>
    %c_1 = stablehlo.constant dense<17> : tensor<i32>
    %3 = stablehlo.broadcast_in_dim %c_1, dims = [] : (tensor<i32>) -> tensor<6xi32>
    %4 = stablehlo.add %arg1, %3 : tensor<6xi32>
    %5 = stablehlo.select %2, %4, %arg1 : tensor<6xi1>, tensor<6xi32>
    %6 = stablehlo.broadcast_in_dim %5, dims = [0] : (tensor<6xi32>) -> tensor<6x1xi32>
    %c_2 = stablehlo.constant dense<1> : tensor<i32>
    %7 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<i32>) -> tensor<6xi32>
    %8 = "stablehlo.scatter"(%0, %6, %7) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, unique_indices = false}> ({
    ^bb0(%arg2: tensor<i32>, %arg3: tensor<i32>):
      %12 = stablehlo.add %arg2, %arg3 : tensor<i32>
      stablehlo.return %12 : tensor<i32>
    }) : (tensor<17xi32>, tensor<6x1xi32>, tensor<6xi32>) -> tensor<17xi32>
    %9 = call @cumsum(%8) : (tensor<17xi32>) -> tensor<17xi32>
    %c_3 = stablehlo.constant dense<1> : tensor<i32>
    %10 = stablehlo.broadcast_in_dim %c_3, dims = [] : (tensor<i32>) -> tensor<17xi32>
    %11 = stablehlo.subtract %9, %10 : tensor<17xi32>
    return %11, %arg0 : tensor<17xi32>, tensor<17xi32>
  }
  func.func private @cumsum(%arg0: tensor<17xi32>) -> tensor<17xi32> {
    %0 = call @cumsum_0(%arg0) : (tensor<17xi32>) -> tensor<17xi32>
    return %0 : tensor<17xi32>
  }
  func.func private @cumsum_0(%arg0: tensor<17xi32>) -> tensor<17xi32> {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<i32>
    %1 = "stablehlo.reduce_window"(%arg0, %0) <{base_dilations = array<i64: 1>, padding = dense<[[16, 0]]> : tensor<1x2xi64>, window_dilations = array<i64: 1>, window_dimensions = array<i64: 17>, window_strides = array<i64: 1>}> ({
    ^bb0(%arg1: tensor<i32>, %arg2: tensor<i32>):
      %2 = stablehlo.add %arg1, %arg2 : tensor<i32>
      stablehlo.return %2 : tensor<i32>
    }) : (tensor<17xi32>, tensor<i32>) -> tensor<17xi32>
    return %1 : tensor<17xi32>
  }
}
