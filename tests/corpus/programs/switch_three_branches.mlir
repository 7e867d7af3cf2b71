module @jit_switch_three_branches attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<3xf32>, %arg1: tensor<i32>, %arg2: tensor<i32>) -> (tensor<3xf32> {jax.result_info = "result[0]"}, tensor<3xf32> {jax.result_info = "result[1]"}, tensor<3xf32> {jax.result_info = "result[2]"}) {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %c_0 = stablehlo.constant dense<2> : tensor<i32>
    %0 = stablehlo.clamp %c, %arg1, %c_0 : tensor<i32>
    %1 = "stablehlo.case"(%0) ({
      %cst = stablehlo.constant dense<1.000000e+00> : tensor<f32>
      %7 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<3xf32>
      %8 = stablehlo.add %arg0, %7 : tensor<3xf32>
      stablehlo.return %8 : tensor<3xf32>
    }, {
      %7 = stablehlo.tanh %arg0 : tensor<3xf32>
      stablehlo.return %7 : tensor<3xf32>
    }, {
      %7 = stablehlo.multiply %arg0, %arg0 : tensor<3xf32>
      stablehlo.return %7 : tensor<3xf32>
    }) : (tensor<i32>) -> tensor<3xf32>
    %c_1 = stablehlo.constant dense<0> : tensor<i32>
    %c_2 = stablehlo.constant dense<2> : tensor<i32>
    %2 = stablehlo.clamp %c_1, %arg2, %c_2 : tensor<i32>
    %3 = "stablehlo.case"(%2) ({
      %cst = stablehlo.constant dense<1.000000e+00> : tensor<f32>
      %7 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<3xf32>
      %8 = stablehlo.add %arg0, %7 : tensor<3xf32>
      stablehlo.return %8 : tensor<3xf32>
    }, {
      %7 = stablehlo.tanh %arg0 : tensor<3xf32>
      stablehlo.return %7 : tensor<3xf32>
    }, {
      %7 = stablehlo.multiply %arg0, %arg0 : tensor<3xf32>
      stablehlo.return %7 : tensor<3xf32>
    }) : (tensor<i32>) -> tensor<3xf32>
    %4 = stablehlo.negate %arg2 : tensor<i32>
    %c_3 = stablehlo.constant dense<0> : tensor<i32>
    %c_4 = stablehlo.constant dense<2> : tensor<i32>
    %5 = stablehlo.clamp %c_3, %4, %c_4 : tensor<i32>
    %6 = "stablehlo.case"(%5) ({
      %cst = stablehlo.constant dense<1.000000e+00> : tensor<f32>
      %7 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<3xf32>
      %8 = stablehlo.add %arg0, %7 : tensor<3xf32>
      stablehlo.return %8 : tensor<3xf32>
    }, {
      %7 = stablehlo.tanh %arg0 : tensor<3xf32>
      stablehlo.return %7 : tensor<3xf32>
    }, {
      %7 = stablehlo.multiply %arg0, %arg0 : tensor<3xf32>
      stablehlo.return %7 : tensor<3xf32>
    }) : (tensor<i32>) -> tensor<3xf32>
    return %1, %3, %6 : tensor<3xf32>, tensor<3xf32>, tensor<3xf32>
  }
}
