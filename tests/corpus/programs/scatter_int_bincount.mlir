module @jit_scatter_int_bincount attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<8xi32>, %arg1: tensor<8xi32>) -> (tensor<6xi32> {jax.result_info = "result[0]"}, tensor<5xi32> {jax.result_info = "result[1]"}, tensor<5xi32> {jax.result_info = "result[2]"}) {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<6xi32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %1 = call @clip(%arg0, %c_0) : (tensor<8xi32>, tensor<i32>) -> tensor<8xi32>
    %c_1 = stablehlo.constant dense<0> : tensor<i32>
    %2 = stablehlo.broadcast_in_dim %c_1, dims = [] : (tensor<i32>) -> tensor<8xi32>
    %3 = stablehlo.compare LT, %1, %2, SIGNED : (tensor<8xi32>, tensor<8xi32>) -> tensor<8xi1>
    %c_2 = stablehlo.constant dense<6> : tensor<i32>
    %4 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<i32>) -> tensor<8xi32>
    %5 = stablehlo.add %1, %4 : tensor<8xi32>
    %6 = stablehlo.select %3, %5, %1 : tensor<8xi1>, tensor<8xi32>
    %7 = stablehlo.broadcast_in_dim %6, dims = [0] : (tensor<8xi32>) -> tensor<8x1xi32>
    %c_3 = stablehlo.constant dense<1> : tensor<i32>
    %8 = stablehlo.broadcast_in_dim %c_3, dims = [] : (tensor<i32>) -> tensor<8xi32>
    %9 = "stablehlo.scatter"(%0, %7, %8) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, unique_indices = false}> ({
    ^bb0(%arg2: tensor<i32>, %arg3: tensor<i32>):
      %27 = stablehlo.add %arg2, %arg3 : tensor<i32>
      stablehlo.return %27 : tensor<i32>
    }) : (tensor<6xi32>, tensor<8x1xi32>, tensor<8xi32>) -> tensor<6xi32>
    %c_4 = stablehlo.constant dense<0> : tensor<i32>
    %10 = stablehlo.broadcast_in_dim %c_4, dims = [] : (tensor<i32>) -> tensor<5xi32>
    %c_5 = stablehlo.constant dense<0> : tensor<i32>
    %11 = call @clip(%arg0, %c_5) : (tensor<8xi32>, tensor<i32>) -> tensor<8xi32>
    %c_6 = stablehlo.constant dense<0> : tensor<i32>
    %12 = stablehlo.broadcast_in_dim %c_6, dims = [] : (tensor<i32>) -> tensor<8xi32>
    %13 = stablehlo.compare LT, %11, %12, SIGNED : (tensor<8xi32>, tensor<8xi32>) -> tensor<8xi1>
    %c_7 = stablehlo.constant dense<5> : tensor<i32>
    %14 = stablehlo.broadcast_in_dim %c_7, dims = [] : (tensor<i32>) -> tensor<8xi32>
    %15 = stablehlo.add %11, %14 : tensor<8xi32>
    %16 = stablehlo.select %13, %15, %11 : tensor<8xi1>, tensor<8xi32>
    %17 = stablehlo.broadcast_in_dim %16, dims = [0] : (tensor<8xi32>) -> tensor<8x1xi32>
    %18 = "stablehlo.scatter"(%10, %17, %arg1) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, unique_indices = false}> ({
    ^bb0(%arg2: tensor<i32>, %arg3: tensor<i32>):
      %27 = stablehlo.add %arg2, %arg3 : tensor<i32>
      stablehlo.return %27 : tensor<i32>
    }) : (tensor<5xi32>, tensor<8x1xi32>, tensor<8xi32>) -> tensor<5xi32>
    %c_8 = stablehlo.constant dense<0> : tensor<i32>
    %19 = stablehlo.broadcast_in_dim %c_8, dims = [] : (tensor<i32>) -> tensor<5xi32>
    %c_9 = stablehlo.constant dense<0> : tensor<i32>
    %20 = stablehlo.broadcast_in_dim %c_9, dims = [] : (tensor<i32>) -> tensor<8xi32>
    %21 = stablehlo.compare LT, %arg0, %20, SIGNED : (tensor<8xi32>, tensor<8xi32>) -> tensor<8xi1>
    %c_10 = stablehlo.constant dense<5> : tensor<i32>
    %22 = stablehlo.broadcast_in_dim %c_10, dims = [] : (tensor<i32>) -> tensor<8xi32>
    %23 = stablehlo.add %arg0, %22 : tensor<8xi32>
    %24 = stablehlo.select %21, %23, %arg0 : tensor<8xi1>, tensor<8xi32>
    %25 = stablehlo.broadcast_in_dim %24, dims = [0] : (tensor<8xi32>) -> tensor<8x1xi32>
    %26 = "stablehlo.scatter"(%19, %25, %arg1) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, unique_indices = false}> ({
    ^bb0(%arg2: tensor<i32>, %arg3: tensor<i32>):
      %27 = stablehlo.maximum %arg2, %arg3 : tensor<i32>
      stablehlo.return %27 : tensor<i32>
    }) : (tensor<5xi32>, tensor<8x1xi32>, tensor<8xi32>) -> tensor<5xi32>
    return %9, %18, %26 : tensor<6xi32>, tensor<5xi32>, tensor<5xi32>
  }
  func.func private @clip(%arg0: tensor<8xi32>, %arg1: tensor<i32>) -> tensor<8xi32> {
    %0 = stablehlo.convert %arg1 : tensor<i32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<i32>) -> tensor<8xi32>
    %2 = stablehlo.maximum %1, %arg0 : tensor<8xi32>
    return %2 : tensor<8xi32>
  }
}
