module @jit_gather_batched_vmap attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<3x4x5xf32>, %arg1: tensor<2xi32>, %arg2: tensor<2xi32>) -> (tensor<2x5xf32> {jax.result_info = "result[0]"}, tensor<3x2x5xf32> {jax.result_info = "result[1]"}) {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<2xi32>
    %1 = stablehlo.compare LT, %arg1, %0, SIGNED : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi1>
    %c_0 = stablehlo.constant dense<3> : tensor<i32>
    %2 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<2xi32>
    %3 = stablehlo.add %arg1, %2 : tensor<2xi32>
    %4 = stablehlo.select %1, %3, %arg1 : tensor<2xi1>, tensor<2xi32>
    %c_1 = stablehlo.constant dense<0> : tensor<i32>
    %5 = stablehlo.broadcast_in_dim %c_1, dims = [] : (tensor<i32>) -> tensor<2xi32>
    %6 = stablehlo.compare LT, %arg2, %5, SIGNED : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi1>
    %c_2 = stablehlo.constant dense<4> : tensor<i32>
    %7 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<i32>) -> tensor<2xi32>
    %8 = stablehlo.add %arg2, %7 : tensor<2xi32>
    %9 = stablehlo.select %6, %8, %arg2 : tensor<2xi1>, tensor<2xi32>
    %c_3 = stablehlo.constant dense<0> : tensor<i32>
    %c_4 = stablehlo.constant dense<0> : tensor<i32>
    %10 = stablehlo.compare LT, %c_3, %c_4, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %c_5 = stablehlo.constant dense<0> : tensor<i32>
    %c_6 = stablehlo.constant dense<5> : tensor<i32>
    %11 = stablehlo.add %c_5, %c_6 : tensor<i32>
    %c_7 = stablehlo.constant dense<0> : tensor<i32>
    %12 = stablehlo.select %10, %11, %c_7 : tensor<i1>, tensor<i32>
    %13 = stablehlo.broadcast_in_dim %4, dims = [0] : (tensor<2xi32>) -> tensor<2x1xi32>
    %14 = stablehlo.broadcast_in_dim %9, dims = [0] : (tensor<2xi32>) -> tensor<2x1xi32>
    %15 = stablehlo.broadcast_in_dim %12, dims = [] : (tensor<i32>) -> tensor<2x1xi32>
    %16 = stablehlo.concatenate %13, %14, %15, dim = 1 : (tensor<2x1xi32>, tensor<2x1xi32>, tensor<2x1xi32>) -> tensor<2x3xi32>
    %17 = "stablehlo.gather"(%arg0, %16) <{dimension_numbers = #stablehlo.gather<offset_dims = [1, 2, 3], start_index_map = [0, 1, 2], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 1, 5>}> : (tensor<3x4x5xf32>, tensor<2x3xi32>) -> tensor<2x1x1x5xf32>
    %18 = stablehlo.reshape %17 : (tensor<2x1x1x5xf32>) -> tensor<2x5xf32>
    %c_8 = stablehlo.constant dense<0> : tensor<i32>
    %19 = stablehlo.broadcast_in_dim %c_8, dims = [] : (tensor<i32>) -> tensor<2xi32>
    %20 = stablehlo.compare LT, %arg1, %19, SIGNED : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi1>
    %c_9 = stablehlo.constant dense<4> : tensor<i32>
    %21 = stablehlo.broadcast_in_dim %c_9, dims = [] : (tensor<i32>) -> tensor<2xi32>
    %22 = stablehlo.add %arg1, %21 : tensor<2xi32>
    %23 = stablehlo.select %20, %22, %arg1 : tensor<2xi1>, tensor<2xi32>
    %24 = stablehlo.broadcast_in_dim %23, dims = [0] : (tensor<2xi32>) -> tensor<2x1xi32>
    %25 = "stablehlo.gather"(%arg0, %24) <{dimension_numbers = #stablehlo.gather<offset_dims = [0, 2], collapsed_slice_dims = [1], start_index_map = [1], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 3, 1, 5>}> : (tensor<3x4x5xf32>, tensor<2x1xi32>) -> tensor<3x2x5xf32>
    return %18, %25 : tensor<2x5xf32>, tensor<3x2x5xf32>
  }
}
