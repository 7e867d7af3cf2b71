module @jit_f32_nextafter attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<8xf32>, %arg1: tensor<8xf32>) -> (tensor<8xf32> {jax.result_info = "result"}) {
    %0 = chlo.next_after %arg0, %arg1 : tensor<8xf32>, tensor<8xf32> -> tensor<8xf32>
    return %0 : tensor<8xf32>
  }
}
