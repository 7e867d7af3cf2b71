module @jit_fft_odd_length_and_norm attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<12xf32>) -> (tensor<12xcomplex<f32>> {jax.result_info = "result[0]"}, tensor<5xcomplex<f32>> {jax.result_info = "result[1]"}, tensor<6xcomplex<f32>> {jax.result_info = "result[2]"}) {
    %cst = stablehlo.constant dense<(1.200000e+01,0.000000e+00)> : tensor<1xcomplex<f32>>
    %0 = call @fft(%arg0) : (tensor<12xf32>) -> tensor<12xcomplex<f32>>
    %cst_0 = stablehlo.constant dense<(1.000000e+00,0.000000e+00)> : tensor<complex<f32>>
    %1 = stablehlo.reduce(%cst init: %cst_0) applies stablehlo.multiply across dimensions = [0] : (tensor<1xcomplex<f32>>, tensor<complex<f32>>) -> tensor<complex<f32>>
    %2 = stablehlo.sqrt %1 : tensor<complex<f32>>
    %cst_1 = stablehlo.constant dense<(1.000000e+00,0.000000e+00)> : tensor<complex<f32>>
    %3 = stablehlo.divide %cst_1, %2 : tensor<complex<f32>>
    %4 = stablehlo.broadcast_in_dim %3, dims = [] : (tensor<complex<f32>>) -> tensor<12xcomplex<f32>>
    %5 = stablehlo.multiply %0, %4 : tensor<12xcomplex<f32>>
    %6 = stablehlo.slice %arg0 [0:5] : (tensor<12xf32>) -> tensor<5xf32>
    %7 = call @fft_0(%6) : (tensor<5xf32>) -> tensor<5xcomplex<f32>>
    %8 = stablehlo.slice %arg0 [0:10] : (tensor<12xf32>) -> tensor<10xf32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %9 = call @_pad(%8, %c) : (tensor<10xf32>, tensor<i32>) -> tensor<10xf32>
    %10 = call @fft_1(%9) : (tensor<10xf32>) -> tensor<6xcomplex<f32>>
    %11 = call @_roll_static(%10) : (tensor<6xcomplex<f32>>) -> tensor<6xcomplex<f32>>
    return %5, %7, %11 : tensor<12xcomplex<f32>>, tensor<5xcomplex<f32>>, tensor<6xcomplex<f32>>
  }
  func.func private @fft(%arg0: tensor<12xf32>) -> tensor<12xcomplex<f32>> {
    %0 = stablehlo.convert %arg0 : (tensor<12xf32>) -> tensor<12xcomplex<f32>>
    %1 = stablehlo.fft %0, type = FFT, length = [12] : (tensor<12xcomplex<f32>>) -> tensor<12xcomplex<f32>>
    return %1 : tensor<12xcomplex<f32>>
  }
  func.func private @fft_0(%arg0: tensor<5xf32>) -> tensor<5xcomplex<f32>> {
    %0 = stablehlo.convert %arg0 : (tensor<5xf32>) -> tensor<5xcomplex<f32>>
    %1 = stablehlo.fft %0, type = FFT, length = [5] : (tensor<5xcomplex<f32>>) -> tensor<5xcomplex<f32>>
    return %1 : tensor<5xcomplex<f32>>
  }
  func.func private @_pad(%arg0: tensor<10xf32>, %arg1: tensor<i32>) -> tensor<10xf32> {
    %0 = stablehlo.convert %arg1 : (tensor<i32>) -> tensor<f32>
    %1 = stablehlo.pad %arg0, %0, low = [0], high = [0], interior = [0] : (tensor<10xf32>, tensor<f32>) -> tensor<10xf32>
    return %1 : tensor<10xf32>
  }
  func.func private @fft_1(%arg0: tensor<10xf32>) -> tensor<6xcomplex<f32>> {
    %0 = stablehlo.fft %arg0, type = RFFT, length = [10] : (tensor<10xf32>) -> tensor<6xcomplex<f32>>
    return %0 : tensor<6xcomplex<f32>>
  }
  func.func private @_roll_static(%arg0: tensor<6xcomplex<f32>>) -> tensor<6xcomplex<f32>> {
    %0 = stablehlo.slice %arg0 [3:6] : (tensor<6xcomplex<f32>>) -> tensor<3xcomplex<f32>>
    %1 = stablehlo.slice %arg0 [0:3] : (tensor<6xcomplex<f32>>) -> tensor<3xcomplex<f32>>
    %2 = stablehlo.concatenate %0, %1, dim = 0 : (tensor<3xcomplex<f32>>, tensor<3xcomplex<f32>>) -> tensor<6xcomplex<f32>>
    return %2 : tensor<6xcomplex<f32>>
  }
}
