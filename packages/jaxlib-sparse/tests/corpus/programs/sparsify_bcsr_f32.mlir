module @jit__lambda attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<17xf32>, %arg1: tensor<17xi32>, %arg2: tensor<6xi32>, %arg3: tensor<7x3xf32>) -> (tensor<5x3xf32> {jax.result_info = "result"}) {
    %0 = stablehlo.custom_call @cpu_csr_sparse_dense_ffi(%arg0, %arg2, %arg1, %arg3) {backend_config = "", mhlo.backend_config = {}, operand_layouts = [dense<0> : tensor<1xindex>, dense<0> : tensor<1xindex>, dense<0> : tensor<1xindex>, dense<[1, 0]> : tensor<2xindex>], result_layouts = [dense<[1, 0]> : tensor<2xindex>]} : (tensor<17xf32>, tensor<6xi32>, tensor<17xi32>, tensor<7x3xf32>) -> tensor<5x3xf32>
    %cst = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<5x3xf32>
    %2 = stablehlo.multiply %1, %0 : tensor<5x3xf32>
    return %2 : tensor<5x3xf32>
  }
}
