module @jit_f32_denormals attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<16xf32>, %arg1: tensor<8xf32>) -> (tensor<16xf32> {jax.result_info = "result[0]"}, tensor<16xf32> {jax.result_info = "result[1]"}, tensor<8xf32> {jax.result_info = "result[2]"}, tensor<8xf32> {jax.result_info = "result[3]"}) {
    %cst = stablehlo.constant dense<9.99999968E-20> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %1 = stablehlo.multiply %arg0, %0 : tensor<16xf32>
    %cst_0 = stablehlo.constant dense<9.99999956E+24> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %3 = stablehlo.divide %arg0, %2 : tensor<16xf32>
    %cst_1 = stablehlo.constant dense<1.000000e+30> : tensor<f32>
    %4 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %5 = stablehlo.multiply %arg1, %4 : tensor<8xf32>
    %6 = stablehlo.add %arg1, %arg1 : tensor<8xf32>
    return %1, %3, %5, %6 : tensor<16xf32>, tensor<16xf32>, tensor<8xf32>, tensor<8xf32>
  }
}
