module @jit_grad_through_cond attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<4xf32>) -> (tensor<4xf32> {jax.result_info = "result[0]"}, tensor<4xf32> {jax.result_info = "result[1]"}) {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.add across dimensions = [0] : (tensor<4xf32>, tensor<f32>) -> tensor<f32>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1 = stablehlo.compare GT, %0, %cst_0, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %2 = stablehlo.convert %1 : (tensor<i1>) -> tensor<i32>
    %3:2 = "stablehlo.case"(%2) ({
      %15 = stablehlo.cosine %arg0 : tensor<4xf32>
      %16 = stablehlo.sine %arg0 : tensor<4xf32>
      %cst_7 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %17 = stablehlo.broadcast_in_dim %cst_7, dims = [] : (tensor<f32>) -> tensor<4xf32>
      stablehlo.return %15, %16 : tensor<4xf32>, tensor<4xf32>
    }, {
      %15 = stablehlo.sine %arg0 : tensor<4xf32>
      %16 = stablehlo.cosine %arg0 : tensor<4xf32>
      %cst_7 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %17 = stablehlo.broadcast_in_dim %cst_7, dims = [] : (tensor<f32>) -> tensor<4xf32>
      stablehlo.return %15, %16 : tensor<4xf32>, tensor<4xf32>
    }) : (tensor<i32>) -> (tensor<4xf32>, tensor<4xf32>)
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %4 = stablehlo.reduce(%3#0 init: %cst_1) applies stablehlo.add across dimensions = [0] : (tensor<4xf32>, tensor<f32>) -> tensor<f32>
    %cst_2 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %5 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %6 = "stablehlo.case"(%2) ({
      %15 = stablehlo.negate %5 : tensor<4xf32>
      %16 = stablehlo.multiply %15, %3#1 : tensor<4xf32>
      stablehlo.return %16 : tensor<4xf32>
    }, {
      %15 = stablehlo.multiply %5, %3#1 : tensor<4xf32>
      stablehlo.return %15 : tensor<4xf32>
    }) : (tensor<i32>) -> tensor<4xf32>
    %7 = stablehlo.negate %arg0 : tensor<4xf32>
    %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %8 = stablehlo.reduce(%7 init: %cst_3) applies stablehlo.add across dimensions = [0] : (tensor<4xf32>, tensor<f32>) -> tensor<f32>
    %cst_4 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %9 = stablehlo.compare GT, %8, %cst_4, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %10 = stablehlo.convert %9 : (tensor<i1>) -> tensor<i32>
    %11:2 = "stablehlo.case"(%10) ({
      %15 = stablehlo.cosine %7 : tensor<4xf32>
      %16 = stablehlo.sine %7 : tensor<4xf32>
      %cst_7 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %17 = stablehlo.broadcast_in_dim %cst_7, dims = [] : (tensor<f32>) -> tensor<4xf32>
      stablehlo.return %15, %16 : tensor<4xf32>, tensor<4xf32>
    }, {
      %15 = stablehlo.sine %7 : tensor<4xf32>
      %16 = stablehlo.cosine %7 : tensor<4xf32>
      %cst_7 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %17 = stablehlo.broadcast_in_dim %cst_7, dims = [] : (tensor<f32>) -> tensor<4xf32>
      stablehlo.return %15, %16 : tensor<4xf32>, tensor<4xf32>
    }) : (tensor<i32>) -> (tensor<4xf32>, tensor<4xf32>)
    %cst_5 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %12 = stablehlo.reduce(%11#0 init: %cst_5) applies stablehlo.add across dimensions = [0] : (tensor<4xf32>, tensor<f32>) -> tensor<f32>
    %cst_6 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %13 = stablehlo.broadcast_in_dim %cst_6, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %14 = "stablehlo.case"(%10) ({
      %15 = stablehlo.negate %13 : tensor<4xf32>
      %16 = stablehlo.multiply %15, %11#1 : tensor<4xf32>
      stablehlo.return %16 : tensor<4xf32>
    }, {
      %15 = stablehlo.multiply %13, %11#1 : tensor<4xf32>
      stablehlo.return %15 : tensor<4xf32>
    }) : (tensor<i32>) -> tensor<4xf32>
    return %6, %14 : tensor<4xf32>, tensor<4xf32>
  }
}
