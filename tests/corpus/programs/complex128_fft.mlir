module @jit_complex128_fft attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<16xcomplex<f64>>) -> (tensor<16xcomplex<f64>> {jax.result_info = "result[0]"}, tensor<16xcomplex<f64>> {jax.result_info = "result[1]"}, tensor<16xcomplex<f64>> {jax.result_info = "result[2]"}) {
    %0 = call @fft(%arg0) : (tensor<16xcomplex<f64>>) -> tensor<16xcomplex<f64>>
    %1 = call @fft_0(%arg0) : (tensor<16xcomplex<f64>>) -> tensor<16xcomplex<f64>>
    %2 = stablehlo.abs %arg0 : (tensor<16xcomplex<f64>>) -> tensor<16xf64>
    %3 = stablehlo.convert %2 : (tensor<16xf64>) -> tensor<16xcomplex<f64>>
    %4 = stablehlo.multiply %3, %arg0 : tensor<16xcomplex<f64>>
    return %0, %1, %4 : tensor<16xcomplex<f64>>, tensor<16xcomplex<f64>>, tensor<16xcomplex<f64>>
  }
  func.func private @fft(%arg0: tensor<16xcomplex<f64>>) -> tensor<16xcomplex<f64>> {
    %0 = stablehlo.fft %arg0, type = FFT, length = [16] : (tensor<16xcomplex<f64>>) -> tensor<16xcomplex<f64>>
    return %0 : tensor<16xcomplex<f64>>
  }
  func.func private @fft_0(%arg0: tensor<16xcomplex<f64>>) -> tensor<16xcomplex<f64>> {
    %0 = stablehlo.fft %arg0, type = IFFT, length = [16] : (tensor<16xcomplex<f64>>) -> tensor<16xcomplex<f64>>
    return %0 : tensor<16xcomplex<f64>>
  }
}
