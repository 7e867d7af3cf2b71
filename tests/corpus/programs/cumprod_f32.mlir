module @jit_cumprod_f32 attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<10xf32>) -> (tensor<10xf32> {jax.result_info = "result[0]"}, tensor<10xf32> {jax.result_info = "result[1]"}) {
    %0 = call @cumprod(%arg0) : (tensor<10xf32>) -> tensor<10xf32>
    %1 = call @cumprod_1(%arg0) : (tensor<10xf32>) -> tensor<10xf32>
    return %0, %1 : tensor<10xf32>, tensor<10xf32>
  }
  func.func private @cumprod(%arg0: tensor<10xf32>) -> tensor<10xf32> {
    %0 = call @cumprod_0(%arg0) : (tensor<10xf32>) -> tensor<10xf32>
    return %0 : tensor<10xf32>
  }
  func.func private @cumprod_0(%arg0: tensor<10xf32>) -> tensor<10xf32> {
    %cst = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %0 = "stablehlo.reduce_window"(%arg0, %cst) <{base_dilations = array<i64: 1>, padding = dense<[[9, 0]]> : tensor<1x2xi64>, window_dilations = array<i64: 1>, window_dimensions = array<i64: 10>, window_strides = array<i64: 1>}> ({
    ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>):
      %1 = stablehlo.multiply %arg1, %arg2 : tensor<f32>
      stablehlo.return %1 : tensor<f32>
    }) : (tensor<10xf32>, tensor<f32>) -> tensor<10xf32>
    return %0 : tensor<10xf32>
  }
  func.func private @cumprod_1(%arg0: tensor<10xf32>) -> tensor<10xf32> {
    %cst = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %0 = "stablehlo.reduce_window"(%arg0, %cst) <{base_dilations = array<i64: 1>, padding = dense<[[0, 9]]> : tensor<1x2xi64>, window_dilations = array<i64: 1>, window_dimensions = array<i64: 10>, window_strides = array<i64: 1>}> ({
    ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>):
      %1 = stablehlo.multiply %arg1, %arg2 : tensor<f32>
      stablehlo.return %1 : tensor<f32>
    }) : (tensor<10xf32>, tensor<f32>) -> tensor<10xf32>
    return %0 : tensor<10xf32>
  }
}
