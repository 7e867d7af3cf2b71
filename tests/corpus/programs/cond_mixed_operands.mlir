module @jit_cond_mixed_operands attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<4xf32>, %arg1: tensor<3xi32>) -> (tensor<4xf32> {jax.result_info = "result[0]"}, tensor<3xi32> {jax.result_info = "result[1]"}) {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.add across dimensions = [0] : (tensor<4xf32>, tensor<f32>) -> tensor<f32>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1 = stablehlo.compare GT, %0, %cst_0, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %2 = stablehlo.convert %1 : (tensor<i1>) -> tensor<i32>
    %3:2 = "stablehlo.case"(%2) ({
      %4 = stablehlo.exponential %arg0 : tensor<4xf32>
      %5 = stablehlo.multiply %arg1, %arg1 : tensor<3xi32>
      stablehlo.return %4, %5 : tensor<4xf32>, tensor<3xi32>
    }, {
      %cst_1 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
      %4 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<4xf32>
      %5 = stablehlo.multiply %arg0, %4 : tensor<4xf32>
      %c = stablehlo.constant dense<1> : tensor<i32>
      %6 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<3xi32>
      %7 = stablehlo.add %arg1, %6 : tensor<3xi32>
      stablehlo.return %5, %7 : tensor<4xf32>, tensor<3xi32>
    }) : (tensor<i32>) -> (tensor<4xf32>, tensor<3xi32>)
    return %3#0, %3#1 : tensor<4xf32>, tensor<3xi32>
  }
}
