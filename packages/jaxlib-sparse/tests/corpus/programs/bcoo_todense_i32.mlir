module @jit__lambda attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<13xi32>, %arg1: tensor<13x2xi32>) -> (tensor<5x7xi32> {jax.result_info = "result"}) {
    %0 = stablehlo.slice %arg1 [0:13, 0:1] : (tensor<13x2xi32>) -> tensor<13x1xi32>
    %1 = stablehlo.reshape %0 : (tensor<13x1xi32>) -> tensor<13xi32>
    %2 = stablehlo.slice %arg1 [0:13, 1:2] : (tensor<13x2xi32>) -> tensor<13x1xi32>
    %3 = stablehlo.reshape %2 : (tensor<13x1xi32>) -> tensor<13xi32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %4 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<5x7xi32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %5 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<13xi32>
    %6 = stablehlo.compare LT, %1, %5, SIGNED : (tensor<13xi32>, tensor<13xi32>) -> tensor<13xi1>
    %c_1 = stablehlo.constant dense<5> : tensor<i32>
    %7 = stablehlo.broadcast_in_dim %c_1, dims = [] : (tensor<i32>) -> tensor<13xi32>
    %8 = stablehlo.add %1, %7 : tensor<13xi32>
    %9 = stablehlo.select %6, %8, %1 : tensor<13xi1>, tensor<13xi32>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %10 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<i32>) -> tensor<13xi32>
    %11 = stablehlo.compare LT, %3, %10, SIGNED : (tensor<13xi32>, tensor<13xi32>) -> tensor<13xi1>
    %c_3 = stablehlo.constant dense<7> : tensor<i32>
    %12 = stablehlo.broadcast_in_dim %c_3, dims = [] : (tensor<i32>) -> tensor<13xi32>
    %13 = stablehlo.add %3, %12 : tensor<13xi32>
    %14 = stablehlo.select %11, %13, %3 : tensor<13xi1>, tensor<13xi32>
    %15 = stablehlo.broadcast_in_dim %9, dims = [0] : (tensor<13xi32>) -> tensor<13x1xi32>
    %16 = stablehlo.broadcast_in_dim %14, dims = [0] : (tensor<13xi32>) -> tensor<13x1xi32>
    %17 = stablehlo.concatenate %15, %16, dim = 1 : (tensor<13x1xi32>, tensor<13x1xi32>) -> tensor<13x2xi32>
    %18 = "stablehlo.scatter"(%4, %17, %arg0) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0, 1], scatter_dims_to_operand_dims = [0, 1], index_vector_dim = 1>, unique_indices = false}> ({
    ^bb0(%arg2: tensor<i32>, %arg3: tensor<i32>):
      %19 = stablehlo.add %arg2, %arg3 : tensor<i32>
      stablehlo.return %19 : tensor<i32>
    }) : (tensor<5x7xi32>, tensor<13x2xi32>, tensor<13xi32>) -> tensor<5x7xi32>
    return %18 : tensor<5x7xi32>
  }
}
