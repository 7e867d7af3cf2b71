module @jit__tridiagonal_solve_perturbed attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<2x5xcomplex<f32>>, %arg1: tensor<2x5xcomplex<f32>>, %arg2: tensor<2x5xcomplex<f32>>, %arg3: tensor<2x5x2xcomplex<f32>>) -> (tensor<2x5x2xcomplex<f32>> {jax.result_info = "result"}) {
    %0 = stablehlo.custom_call @tridiagonal_solve_perturbed_ffi(%arg0, %arg1, %arg2, %arg3) {backend_config = "", mhlo.backend_config = {}, mhlo.frontend_attributes = {num_batch_dims = "1"}, operand_layouts = [dense<[1, 0]> : tensor<2xindex>, dense<[1, 0]> : tensor<2xindex>, dense<[1, 0]> : tensor<2xindex>, dense<[1, 2, 0]> : tensor<3xindex>], result_layouts = [dense<[1, 2, 0]> : tensor<3xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, k], [i, l], [i, m, n])->([i, o, p]) {i=2, j=5, k=5, l=5, m=5, n=2, o=5, p=2}, custom>} : (tensor<2x5xcomplex<f32>>, tensor<2x5xcomplex<f32>>, tensor<2x5xcomplex<f32>>, tensor<2x5x2xcomplex<f32>>) -> tensor<2x5x2xcomplex<f32>>
    return %0 : tensor<2x5x2xcomplex<f32>>
  }
}
