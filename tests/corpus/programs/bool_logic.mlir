module @jit_bool_logic attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<10xi1>, %arg1: tensor<10xi1>) -> (tensor<10xi1> {jax.result_info = "result[0]"}, tensor<10xi1> {jax.result_info = "result[1]"}, tensor<10xi1> {jax.result_info = "result[2]"}, tensor<10xi1> {jax.result_info = "result[3]"}, tensor<10xi1> {jax.result_info = "result[4]"}, tensor<10xi32> {jax.result_info = "result[5]"}, tensor<10xf32> {jax.result_info = "result[6]"}) {
    %0 = stablehlo.and %arg0, %arg1 : tensor<10xi1>
    %1 = stablehlo.or %arg0, %arg1 : tensor<10xi1>
    %2 = stablehlo.xor %arg0, %arg1 : tensor<10xi1>
    %3 = stablehlo.not %arg0 : tensor<10xi1>
    %4 = stablehlo.compare EQ, %arg0, %arg1, UNSIGNED : (tensor<10xi1>, tensor<10xi1>) -> tensor<10xi1>
    %5 = stablehlo.convert %arg0 : (tensor<10xi1>) -> tensor<10xi32>
    %6 = stablehlo.convert %arg1 : (tensor<10xi1>) -> tensor<10xi32>
    %7 = stablehlo.add %5, %6 : tensor<10xi32>
    %cst = stablehlo.constant dense<1.500000e+00> : tensor<f32>
    %cst_0 = stablehlo.constant dense<-1.000000e+00> : tensor<f32>
    %8 = call @_where(%arg0, %cst, %cst_0) : (tensor<10xi1>, tensor<f32>, tensor<f32>) -> tensor<10xf32>
    return %0, %1, %2, %3, %4, %7, %8 : tensor<10xi1>, tensor<10xi1>, tensor<10xi1>, tensor<10xi1>, tensor<10xi1>, tensor<10xi32>, tensor<10xf32>
  }
  func.func private @_where(%arg0: tensor<10xi1>, %arg1: tensor<f32>, %arg2: tensor<f32>) -> tensor<10xf32> {
    %0 = stablehlo.broadcast_in_dim %arg1, dims = [] : (tensor<f32>) -> tensor<10xf32>
    %1 = stablehlo.broadcast_in_dim %arg2, dims = [] : (tensor<f32>) -> tensor<10xf32>
    %2 = stablehlo.select %arg0, %0, %1 : tensor<10xi1>, tensor<10xf32>
    return %2 : tensor<10xf32>
  }
}
