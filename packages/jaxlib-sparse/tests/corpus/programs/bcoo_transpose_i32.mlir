module @jit__lambda attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<13xi32>, %arg1: tensor<13x2xi32>) -> (tensor<7x5xi32> {jax.result_info = "result"}) {
    %c = stablehlo.constant dense<[1, 0]> : tensor<2xi64>
    %c_0 = stablehlo.constant dense<0> : tensor<i64>
    %0 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i64>) -> tensor<2xi64>
    %1 = stablehlo.compare LT, %c, %0, SIGNED : (tensor<2xi64>, tensor<2xi64>) -> tensor<2xi1>
    %c_1 = stablehlo.constant dense<2> : tensor<i64>
    %2 = stablehlo.broadcast_in_dim %c_1, dims = [] : (tensor<i64>) -> tensor<2xi64>
    %3 = stablehlo.add %c, %2 : tensor<2xi64>
    %4 = stablehlo.select %1, %3, %c : tensor<2xi1>, tensor<2xi64>
    %5 = stablehlo.convert %4 : (tensor<2xi64>) -> tensor<2xi32>
    %6 = stablehlo.broadcast_in_dim %5, dims = [0] : (tensor<2xi32>) -> tensor<2x1xi32>
    %7 = "stablehlo.gather"(%arg1, %6) <{dimension_numbers = #stablehlo.gather<offset_dims = [0], collapsed_slice_dims = [1], start_index_map = [1], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 13, 1>}> : (tensor<13x2xi32>, tensor<2x1xi32>) -> tensor<13x2xi32>
    %8 = stablehlo.slice %7 [0:13, 0:1] : (tensor<13x2xi32>) -> tensor<13x1xi32>
    %9 = stablehlo.reshape %8 : (tensor<13x1xi32>) -> tensor<13xi32>
    %10 = stablehlo.slice %7 [0:13, 1:2] : (tensor<13x2xi32>) -> tensor<13x1xi32>
    %11 = stablehlo.reshape %10 : (tensor<13x1xi32>) -> tensor<13xi32>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %12 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<i32>) -> tensor<7x5xi32>
    %c_3 = stablehlo.constant dense<0> : tensor<i32>
    %13 = stablehlo.broadcast_in_dim %c_3, dims = [] : (tensor<i32>) -> tensor<13xi32>
    %14 = stablehlo.compare LT, %9, %13, SIGNED : (tensor<13xi32>, tensor<13xi32>) -> tensor<13xi1>
    %c_4 = stablehlo.constant dense<7> : tensor<i32>
    %15 = stablehlo.broadcast_in_dim %c_4, dims = [] : (tensor<i32>) -> tensor<13xi32>
    %16 = stablehlo.add %9, %15 : tensor<13xi32>
    %17 = stablehlo.select %14, %16, %9 : tensor<13xi1>, tensor<13xi32>
    %c_5 = stablehlo.constant dense<0> : tensor<i32>
    %18 = stablehlo.broadcast_in_dim %c_5, dims = [] : (tensor<i32>) -> tensor<13xi32>
    %19 = stablehlo.compare LT, %11, %18, SIGNED : (tensor<13xi32>, tensor<13xi32>) -> tensor<13xi1>
    %c_6 = stablehlo.constant dense<5> : tensor<i32>
    %20 = stablehlo.broadcast_in_dim %c_6, dims = [] : (tensor<i32>) -> tensor<13xi32>
    %21 = stablehlo.add %11, %20 : tensor<13xi32>
    %22 = stablehlo.select %19, %21, %11 : tensor<13xi1>, tensor<13xi32>
    %23 = stablehlo.broadcast_in_dim %17, dims = [0] : (tensor<13xi32>) -> tensor<13x1xi32>
    %24 = stablehlo.broadcast_in_dim %22, dims = [0] : (tensor<13xi32>) -> tensor<13x1xi32>
    %25 = stablehlo.concatenate %23, %24, dim = 1 : (tensor<13x1xi32>, tensor<13x1xi32>) -> tensor<13x2xi32>
    %26 = "stablehlo.scatter"(%12, %25, %arg0) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0, 1], scatter_dims_to_operand_dims = [0, 1], index_vector_dim = 1>, unique_indices = false}> ({
    ^bb0(%arg2: tensor<i32>, %arg3: tensor<i32>):
      %27 = stablehlo.add %arg2, %arg3 : tensor<i32>
      stablehlo.return %27 : tensor<i32>
    }) : (tensor<7x5xi32>, tensor<13x2xi32>, tensor<13xi32>) -> tensor<7x5xi32>
    return %26 : tensor<7x5xi32>
  }
}
