// GELU (tanh approximation) plus tanh(x) * x, as JAX prints it: the shape of
// the gelu_4m benchmark program at 64x96 (a chain of elementwise ops with
// transcendentals that fuses into few groups).
module @gelu attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%x: tensor<64x96xf32>) -> (tensor<64x96xf32> {jax.result_info = "result"}) {
    %x2 = stablehlo.multiply %x, %x : tensor<64x96xf32>
    %x3 = stablehlo.multiply %x2, %x : tensor<64x96xf32>
    %c0 = stablehlo.constant dense<4.471500e-02> : tensor<f32>
    %b0 = stablehlo.broadcast_in_dim %c0, dims = [] : (tensor<f32>) -> tensor<64x96xf32>
    %t0 = stablehlo.multiply %b0, %x3 : tensor<64x96xf32>
    %t1 = stablehlo.add %x, %t0 : tensor<64x96xf32>
    %c1 = stablehlo.constant dense<0.797884583> : tensor<f32>
    %b1 = stablehlo.broadcast_in_dim %c1, dims = [] : (tensor<f32>) -> tensor<64x96xf32>
    %t2 = stablehlo.multiply %b1, %t1 : tensor<64x96xf32>
    %t3 = stablehlo.tanh %t2 : tensor<64x96xf32>
    %c2 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %b2 = stablehlo.broadcast_in_dim %c2, dims = [] : (tensor<f32>) -> tensor<64x96xf32>
    %t4 = stablehlo.add %b2, %t3 : tensor<64x96xf32>
    %c3 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %b3 = stablehlo.broadcast_in_dim %c3, dims = [] : (tensor<f32>) -> tensor<64x96xf32>
    %t5 = stablehlo.multiply %b3, %t4 : tensor<64x96xf32>
    %gelu = stablehlo.multiply %x, %t5 : tensor<64x96xf32>
    %c4 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %b4 = stablehlo.broadcast_in_dim %c4, dims = [] : (tensor<f32>) -> tensor<64x96xf32>
    %half = stablehlo.multiply %gelu, %b4 : tensor<64x96xf32>
    %th = stablehlo.tanh %x : tensor<64x96xf32>
    %thx = stablehlo.multiply %th, %x : tensor<64x96xf32>
    %out = stablehlo.add %half, %thx : tensor<64x96xf32>
    return %out : tensor<64x96xf32>
  }
}
