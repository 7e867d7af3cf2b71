module @jit_optimization_barrier attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<4xf32>) -> (tensor<4xf32> {jax.result_info = "result"}) {
    %0 = stablehlo.exponential %arg0 : tensor<4xf32>
    %cst = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %2 = stablehlo.multiply %arg0, %1 : tensor<4xf32>
    %3:2 = stablehlo.optimization_barrier %0, %2 : tensor<4xf32>, tensor<4xf32>
    %4 = stablehlo.add %3#0, %3#1 : tensor<4xf32>
    return %4 : tensor<4xf32>
  }
}
