module @jit__lambda attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<17xf32>, %arg1: tensor<17xi32>, %arg2: tensor<6xi32>) -> (tensor<5x7xf32> {jax.result_info = "result"}) {
    %0:2 = call @_csr_to_coo(%arg1, %arg2) : (tensor<17xi32>, tensor<6xi32>) -> (tensor<17xi32>, tensor<17xi32>)
    %1 = stablehlo.broadcast_in_dim %0#0, dims = [0] : (tensor<17xi32>) -> tensor<17x1xi32>
    %2 = stablehlo.broadcast_in_dim %0#1, dims = [0] : (tensor<17xi32>) -> tensor<17x1xi32>
    %3 = stablehlo.concatenate %1, %2, dim = 1 : (tensor<17x1xi32>, tensor<17x1xi32>) -> tensor<17x2xi32>
    %4 = stablehlo.slice %3 [0:17, 0:1] : (tensor<17x2xi32>) -> tensor<17x1xi32>
    %5 = stablehlo.reshape %4 : (tensor<17x1xi32>) -> tensor<17xi32>
    %6 = stablehlo.slice %3 [0:17, 1:2] : (tensor<17x2xi32>) -> tensor<17x1xi32>
    %7 = stablehlo.reshape %6 : (tensor<17x1xi32>) -> tensor<17xi32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %8 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<5x7xf32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %9 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<17xi32>
    %10 = stablehlo.compare LT, %5, %9, SIGNED : (tensor<17xi32>, tensor<17xi32>) -> tensor<17xi1>
    %c_0 = stablehlo.constant dense<5> : tensor<i32>
    %11 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<17xi32>
    %12 = stablehlo.add %5, %11 : tensor<17xi32>
    %13 = stablehlo.select %10, %12, %5 : tensor<17xi1>, tensor<17xi32>
    %c_1 = stablehlo.constant dense<0> : tensor<i32>
    %14 = stablehlo.broadcast_in_dim %c_1, dims = [] : (tensor<i32>) -> tensor<17xi32>
    %15 = stablehlo.compare LT, %7, %14, SIGNED : (tensor<17xi32>, tensor<17xi32>) -> tensor<17xi1>
    %c_2 = stablehlo.constant dense<7> : tensor<i32>
    %16 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<i32>) -> tensor<17xi32>
    %17 = stablehlo.add %7, %16 : tensor<17xi32>
    %18 = stablehlo.select %15, %17, %7 : tensor<17xi1>, tensor<17xi32>
    %19 = stablehlo.broadcast_in_dim %13, dims = [0] : (tensor<17xi32>) -> tensor<17x1xi32>
    %20 = stablehlo.broadcast_in_dim %18, dims = [0] : (tensor<17xi32>) -> tensor<17x1xi32>
    %21 = stablehlo.concatenate %19, %20, dim = 1 : (tensor<17x1xi32>, tensor<17x1xi32>) -> tensor<17x2xi32>
    %22 = "stablehlo.scatter"(%8, %21, %arg0) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0, 1], scatter_dims_to_operand_dims = [0, 1], index_vector_dim = 1>, unique_indices = false}> ({
    ^bb0(%arg3: tensor<f32>, %arg4: tensor<f32>):
      %23 = stablehlo.add %arg3, %arg4 : tensor<f32>
      stablehlo.return %23 : tensor<f32>
    }) : (tensor<5x7xf32>, tensor<17x2xi32>, tensor<17xf32>) -> tensor<5x7xf32>
    return %22 : tensor<5x7xf32>
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
