// A fori_loop of 10,000 iterations over a tiny body (x * 0.999 + 0.001) in
// a private @closed_call, as JAX prints it: the fori_10k_small benchmark's shape.
module @fori attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%x: tensor<16xf32>) -> (tensor<16xf32> {jax.result_info = "result"}) {
    %start = stablehlo.constant dense<0> : tensor<i32>
    %loop:2 = stablehlo.while(%i = %start, %v = %x) : tensor<i32>, tensor<16xf32>
    cond {
      %n = stablehlo.constant dense<10000> : tensor<i32>
      %more = stablehlo.compare LT, %i, %n, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %more : tensor<i1>
    } do {
      %next = func.call @closed_call(%v) : (tensor<16xf32>) -> tensor<16xf32>
      %one = stablehlo.constant dense<1> : tensor<i32>
      %i1 = stablehlo.add %i, %one : tensor<i32>
      stablehlo.return %i1, %next : tensor<i32>, tensor<16xf32>
    }
    return %loop#1 : tensor<16xf32>
  }
  func.func private @closed_call(%x: tensor<16xf32>) -> tensor<16xf32> {
    %a = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %a1 = stablehlo.broadcast_in_dim %a, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %ax = stablehlo.multiply %x, %a1 : tensor<16xf32>
    %b = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %b1 = stablehlo.broadcast_in_dim %b, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %out = stablehlo.add %ax, %b1 : tensor<16xf32>
    return %out : tensor<16xf32>
  }
}
