module @jit__lambda attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<4x3xcomplex<f32>>) -> (tensor<3x4xcomplex<f32>> {jax.result_info = "result[0]"}, tensor<3xcomplex<f32>> {jax.result_info = "result[1]"}) {
    %0:2 = call @qr(%arg0) : (tensor<4x3xcomplex<f32>>) -> (tensor<3x4xcomplex<f32>>, tensor<3xcomplex<f32>>)
    return %0#0, %0#1 : tensor<3x4xcomplex<f32>>, tensor<3xcomplex<f32>>
  }
  func.func private @qr(%arg0: tensor<4x3xcomplex<f32>>) -> (tensor<3x4xcomplex<f32>>, tensor<3xcomplex<f32>>) {
    %0:2 = stablehlo.custom_call @lapack_cgeqrf_ffi(%arg0) {backend_config = "", mhlo.backend_config = {}, mhlo.frontend_attributes = {num_batch_dims = "0"}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 0, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<0> : tensor<1xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([k, l], [m]) {i=4, j=3, k=4, l=3, m=3}, custom>} : (tensor<4x3xcomplex<f32>>) -> (tensor<4x3xcomplex<f32>>, tensor<3xcomplex<f32>>)
    %1 = stablehlo.transpose %0#0, dims = [1, 0] : (tensor<4x3xcomplex<f32>>) -> tensor<3x4xcomplex<f32>>
    return %1, %0#1 : tensor<3x4xcomplex<f32>>, tensor<3xcomplex<f32>>
  }
}
