module @jit_f32_clamp attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<4x8xf32>) -> (tensor<4x8xf32> {jax.result_info = "result[0]"}, tensor<4x8xf32> {jax.result_info = "result[1]"}) {
    %cst = stablehlo.constant dense<-1.000000e+00> : tensor<f32>
    %cst_0 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %0 = call @clip(%arg0, %cst, %cst_0) : (tensor<4x8xf32>, tensor<f32>, tensor<f32>) -> tensor<4x8xf32>
    %cst_1 = stablehlo.constant dense<-5.000000e-01> : tensor<f32>
    %cst_2 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<4x8xf32>
    %2 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<4x8xf32>
    %3 = stablehlo.clamp %1, %arg0, %2 : tensor<4x8xf32>
    return %0, %3 : tensor<4x8xf32>, tensor<4x8xf32>
  }
  func.func private @clip(%arg0: tensor<4x8xf32>, %arg1: tensor<f32>, %arg2: tensor<f32>) -> tensor<4x8xf32> {
    %0 = stablehlo.convert %arg1 : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<f32>) -> tensor<4x8xf32>
    %2 = stablehlo.maximum %1, %arg0 : tensor<4x8xf32>
    %3 = stablehlo.convert %arg2 : tensor<f32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [] : (tensor<f32>) -> tensor<4x8xf32>
    %5 = stablehlo.minimum %4, %2 : tensor<4x8xf32>
    return %5 : tensor<4x8xf32>
  }
}
