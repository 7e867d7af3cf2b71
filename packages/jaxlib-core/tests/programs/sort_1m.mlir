// jnp.sort of 2**20 float32 as JAX prints it: a stable sort whose comparator
// canonicalises -0.0 to 0.0 and every NaN to one NaN, then compares with
// TOTALORDER (the sort_1m benchmark's shape).
module @sort attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%x: tensor<1048576xf32>) -> (tensor<1048576xf32> {jax.result_info = "result"}) {
    %out = call @sort(%x) : (tensor<1048576xf32>) -> tensor<1048576xf32>
    return %out : tensor<1048576xf32>
  }
  func.func private @sort(%x: tensor<1048576xf32>) -> tensor<1048576xf32> {
    %out = "stablehlo.sort"(%x) <{dimension = 0 : i64, is_stable = true}> ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %z0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %a_zero = stablehlo.compare EQ, %a, %z0, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %z1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %a1 = stablehlo.select %a_zero, %z1, %a : tensor<i1>, tensor<f32>
      %a_nan = stablehlo.compare NE, %a, %a, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %nan0 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
      %a2 = stablehlo.select %a_nan, %nan0, %a1 : tensor<i1>, tensor<f32>
      %z2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %b_zero = stablehlo.compare EQ, %b, %z2, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %z3 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %b1 = stablehlo.select %b_zero, %z3, %b : tensor<i1>, tensor<f32>
      %b_nan = stablehlo.compare NE, %b, %b, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %nan1 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
      %b2 = stablehlo.select %b_nan, %nan1, %b1 : tensor<i1>, tensor<f32>
      %less = stablehlo.compare LT, %a2, %b2, TOTALORDER : (tensor<f32>, tensor<f32>) -> tensor<i1>
      stablehlo.return %less : tensor<i1>
    }) : (tensor<1048576xf32>) -> tensor<1048576xf32>
    return %out : tensor<1048576xf32>
  }
}
