// Layer normalisation without scale and bias, as JAX prints it (a private
// @_var that calls @_where): the shape of the layernorm_4096x1024 benchmark
// program at 24x900.
module @layernorm attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%x: tensor<24x900xf32>) -> (tensor<24x900xf32> {jax.result_info = "result"}) {
    %zero = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %sum = stablehlo.reduce(%x init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<24x900xf32>, tensor<f32>) -> tensor<24xf32>
    %sum1 = stablehlo.broadcast_in_dim %sum, dims = [0] : (tensor<24xf32>) -> tensor<24x1xf32>
    %n = stablehlo.constant dense<9.000000e+02> : tensor<f32>
    %n1 = stablehlo.broadcast_in_dim %n, dims = [] : (tensor<f32>) -> tensor<24x1xf32>
    %mean = stablehlo.divide %sum1, %n1 : tensor<24x1xf32>
    %mean2 = stablehlo.broadcast_in_dim %mean, dims = [0, 1] : (tensor<24x1xf32>) -> tensor<24x900xf32>
    %centred = stablehlo.subtract %x, %mean2 : tensor<24x900xf32>
    %ddof = stablehlo.constant dense<0> : tensor<i32>
    %var = call @_var(%x, %ddof) : (tensor<24x900xf32>, tensor<i32>) -> tensor<24x1xf32>
    %eps = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
    %eps1 = stablehlo.broadcast_in_dim %eps, dims = [] : (tensor<f32>) -> tensor<24x1xf32>
    %v = stablehlo.add %var, %eps1 : tensor<24x1xf32>
    %r = stablehlo.rsqrt %v : tensor<24x1xf32>
    %r2 = stablehlo.broadcast_in_dim %r, dims = [0, 1] : (tensor<24x1xf32>) -> tensor<24x900xf32>
    %out = stablehlo.multiply %centred, %r2 : tensor<24x900xf32>
    return %out : tensor<24x900xf32>
  }
  func.func private @_var(%x: tensor<24x900xf32>, %ddof: tensor<i32>) -> tensor<24x1xf32> {
    %zero = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %sum = stablehlo.reduce(%x init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<24x900xf32>, tensor<f32>) -> tensor<24xf32>
    %sum1 = stablehlo.broadcast_in_dim %sum, dims = [0] : (tensor<24xf32>) -> tensor<24x1xf32>
    %n = stablehlo.constant dense<9.000000e+02> : tensor<f32>
    %n1 = stablehlo.broadcast_in_dim %n, dims = [] : (tensor<f32>) -> tensor<24x1xf32>
    %mean = stablehlo.divide %sum1, %n1 : tensor<24x1xf32>
    %mean2 = stablehlo.broadcast_in_dim %mean, dims = [0, 1] : (tensor<24x1xf32>) -> tensor<24x900xf32>
    %centred = stablehlo.subtract %x, %mean2 : tensor<24x900xf32>
    %sq = chlo.square %centred : tensor<24x900xf32> -> tensor<24x900xf32>
    %ddoff = stablehlo.convert %ddof : (tensor<i32>) -> tensor<f32>
    %n2 = stablehlo.constant dense<9.000000e+02> : tensor<f32>
    %dof = stablehlo.subtract %n2, %ddoff : tensor<f32>
    %zero1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %ss = stablehlo.reduce(%sq init: %zero1) applies stablehlo.add across dimensions = [1] : (tensor<24x900xf32>, tensor<f32>) -> tensor<24xf32>
    %ss1 = stablehlo.broadcast_in_dim %ss, dims = [0] : (tensor<24xf32>) -> tensor<24x1xf32>
    %dof1 = stablehlo.broadcast_in_dim %dof, dims = [] : (tensor<f32>) -> tensor<24x1xf32>
    %var = stablehlo.divide %ss1, %dof1 : tensor<24x1xf32>
    %zero2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %positive = stablehlo.compare GT, %dof, %zero2, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %nan = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %out = call @_where(%positive, %var, %nan) : (tensor<i1>, tensor<24x1xf32>, tensor<f32>) -> tensor<24x1xf32>
    return %out : tensor<24x1xf32>
  }
  func.func private @_where(%p: tensor<i1>, %a: tensor<24x1xf32>, %b: tensor<f32>) -> tensor<24x1xf32> {
    %b0 = stablehlo.convert %b : tensor<f32>
    %b1 = stablehlo.broadcast_in_dim %b0, dims = [] : (tensor<f32>) -> tensor<24x1xf32>
    %out = stablehlo.select %p, %a, %b1 : tensor<i1>, tensor<24x1xf32>
    return %out : tensor<24x1xf32>
  }
}
