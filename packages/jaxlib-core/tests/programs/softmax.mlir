// Row softmax as JAX prints it (max-subtracted, exp, sum, divide): the shape
// of the softmax_1024x4096 benchmark program at 16x1200.
module @softmax attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%x: tensor<16x1200xf32>) -> (tensor<16x1200xf32> {jax.result_info = "result"}) {
    %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %max = stablehlo.reduce(%x init: %ninf) applies stablehlo.maximum across dimensions = [1] : (tensor<16x1200xf32>, tensor<f32>) -> tensor<16xf32>
    %ninf1 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %ninfs = stablehlo.broadcast_in_dim %ninf1, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %m = stablehlo.maximum %ninfs, %max : tensor<16xf32>
    %m1 = stablehlo.broadcast_in_dim %m, dims = [0] : (tensor<16xf32>) -> tensor<16x1xf32>
    %m2 = stablehlo.broadcast_in_dim %m1, dims = [0, 1] : (tensor<16x1xf32>) -> tensor<16x1200xf32>
    %d = stablehlo.subtract %x, %m2 : tensor<16x1200xf32>
    %e = stablehlo.exponential %d : tensor<16x1200xf32>
    %zero = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %s = stablehlo.reduce(%e init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<16x1200xf32>, tensor<f32>) -> tensor<16xf32>
    %s1 = stablehlo.broadcast_in_dim %s, dims = [0] : (tensor<16xf32>) -> tensor<16x1xf32>
    %s2 = stablehlo.broadcast_in_dim %s1, dims = [0, 1] : (tensor<16x1xf32>) -> tensor<16x1200xf32>
    %out = stablehlo.divide %e, %s2 : tensor<16x1200xf32>
    return %out : tensor<16x1200xf32>
  }
}
