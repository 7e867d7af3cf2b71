module @jit_sort_uint32 attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<9xui32>) -> (tensor<9xui32> {jax.result_info = "result[0]"}, tensor<9xi32> {jax.result_info = "result[1]"}) {
    %0 = call @sort(%arg0) : (tensor<9xui32>) -> tensor<9xui32>
    %1 = call @argsort(%arg0) : (tensor<9xui32>) -> tensor<9xi32>
    return %0, %1 : tensor<9xui32>, tensor<9xi32>
  }
  func.func private @sort(%arg0: tensor<9xui32>) -> tensor<9xui32> {
    %0 = "stablehlo.sort"(%arg0) <{dimension = 0 : i64, is_stable = true}> ({
    ^bb0(%arg1: tensor<ui32>, %arg2: tensor<ui32>):
      %1 = stablehlo.compare LT, %arg1, %arg2, UNSIGNED : (tensor<ui32>, tensor<ui32>) -> tensor<i1>
      stablehlo.return %1 : tensor<i1>
    }) : (tensor<9xui32>) -> tensor<9xui32>
    return %0 : tensor<9xui32>
  }
  func.func private @argsort(%arg0: tensor<9xui32>) -> tensor<9xi32> {
    %0 = stablehlo.iota dim = 0 : tensor<9xi32>
    %1:2 = "stablehlo.sort"(%arg0, %0) <{dimension = 0 : i64, is_stable = true}> ({
    ^bb0(%arg1: tensor<ui32>, %arg2: tensor<ui32>, %arg3: tensor<i32>, %arg4: tensor<i32>):
      %2 = stablehlo.compare LT, %arg1, %arg2, UNSIGNED : (tensor<ui32>, tensor<ui32>) -> tensor<i1>
      stablehlo.return %2 : tensor<i1>
    }) : (tensor<9xui32>, tensor<9xi32>) -> (tensor<9xui32>, tensor<9xi32>)
    return %1#1 : tensor<9xi32>
  }
}
