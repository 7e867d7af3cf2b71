module @jit_complex64_matmul attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<4x6xcomplex<f32>>, %arg1: tensor<6x3xcomplex<f32>>) -> (tensor<4x3xcomplex<f32>> {jax.result_info = "result[0]"}, tensor<6xcomplex<f32>> {jax.result_info = "result[1]"}, tensor<4x6xcomplex<f32>> {jax.result_info = "result[2]"}) {
    %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4x6xcomplex<f32>>, tensor<6x3xcomplex<f32>>) -> tensor<4x3xcomplex<f32>>
    %cst = stablehlo.constant dense<(0.000000e+00,0.000000e+00)> : tensor<complex<f32>>
    %1 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.add across dimensions = [0] : (tensor<4x6xcomplex<f32>>, tensor<complex<f32>>) -> tensor<6xcomplex<f32>>
    %2 = stablehlo.real %arg0 : (tensor<4x6xcomplex<f32>>) -> tensor<4x6xf32>
    %3 = stablehlo.imag %arg0 : (tensor<4x6xcomplex<f32>>) -> tensor<4x6xf32>
    %cst_0 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %4 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<4x6xf32>
    %5 = stablehlo.multiply %3, %4 : tensor<4x6xf32>
    %6 = stablehlo.complex %2, %5 : tensor<4x6xcomplex<f32>>
    return %0, %1, %6 : tensor<4x3xcomplex<f32>>, tensor<6xcomplex<f32>>, tensor<4x6xcomplex<f32>>
  }
}
