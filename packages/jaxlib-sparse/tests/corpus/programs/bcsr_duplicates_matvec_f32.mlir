module @jit__lambda attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<3xf32>, %arg1: tensor<3xi32>, %arg2: tensor<6xi32>, %arg3: tensor<7xf32>) -> (tensor<5xf32> {jax.result_info = "result"}) {
    %0 = stablehlo.custom_call @cpu_csr_sparse_dense_ffi(%arg0, %arg2, %arg1, %arg3) {backend_config = "", mhlo.backend_config = {}, operand_layouts = [dense<0> : tensor<1xindex>, dense<0> : tensor<1xindex>, dense<0> : tensor<1xindex>, dense<0> : tensor<1xindex>], result_layouts = [dense<0> : tensor<1xindex>]} : (tensor<3xf32>, tensor<6xi32>, tensor<3xi32>, tensor<7xf32>) -> tensor<5xf32>
    return %0 : tensor<5xf32>
  }
}
