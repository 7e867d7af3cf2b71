module @jit_complex64_arith attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<8xcomplex<f32>>, %arg1: tensor<8xcomplex<f32>>) -> (tensor<8xcomplex<f32>> {jax.result_info = "result[0]"}, tensor<8xcomplex<f32>> {jax.result_info = "result[1]"}, tensor<8xcomplex<f32>> {jax.result_info = "result[2]"}, tensor<8xcomplex<f32>> {jax.result_info = "result[3]"}, tensor<8xf32> {jax.result_info = "result[4]"}, tensor<8xf32> {jax.result_info = "result[5]"}, tensor<8xf32> {jax.result_info = "result[6]"}, tensor<8xf32> {jax.result_info = "result[7]"}) {
    %0 = stablehlo.add %arg0, %arg1 : tensor<8xcomplex<f32>>
    %1 = stablehlo.multiply %arg0, %arg1 : tensor<8xcomplex<f32>>
    %2 = stablehlo.divide %arg0, %arg1 : tensor<8xcomplex<f32>>
    %3 = stablehlo.real %arg0 : (tensor<8xcomplex<f32>>) -> tensor<8xf32>
    %4 = stablehlo.imag %arg0 : (tensor<8xcomplex<f32>>) -> tensor<8xf32>
    %5 = stablehlo.negate %4 : tensor<8xf32>
    %6 = stablehlo.complex %3, %5 : tensor<8xcomplex<f32>>
    %7 = stablehlo.abs %arg0 : (tensor<8xcomplex<f32>>) -> tensor<8xf32>
    %8 = stablehlo.real %arg1 : (tensor<8xcomplex<f32>>) -> tensor<8xf32>
    %9 = stablehlo.imag %arg1 : (tensor<8xcomplex<f32>>) -> tensor<8xf32>
    %10 = call @angle(%arg0) : (tensor<8xcomplex<f32>>) -> tensor<8xf32>
    return %0, %1, %2, %6, %7, %8, %9, %10 : tensor<8xcomplex<f32>>, tensor<8xcomplex<f32>>, tensor<8xcomplex<f32>>, tensor<8xcomplex<f32>>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>
  }
  func.func private @angle(%arg0: tensor<8xcomplex<f32>>) -> tensor<8xf32> {
    %0 = stablehlo.real %arg0 : (tensor<8xcomplex<f32>>) -> tensor<8xf32>
    %1 = stablehlo.imag %arg0 : (tensor<8xcomplex<f32>>) -> tensor<8xf32>
    %2 = stablehlo.atan2 %1, %0 : tensor<8xf32>
    return %2 : tensor<8xf32>
  }
}
