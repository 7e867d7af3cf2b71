module @jit_complex64_transcendental attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<8xcomplex<f32>>) -> (tensor<8xcomplex<f32>> {jax.result_info = "result[0]"}, tensor<8xcomplex<f32>> {jax.result_info = "result[1]"}, tensor<8xcomplex<f32>> {jax.result_info = "result[2]"}, tensor<8xcomplex<f32>> {jax.result_info = "result[3]"}, tensor<8xcomplex<f32>> {jax.result_info = "result[4]"}) {
    %0 = stablehlo.exponential %arg0 : tensor<8xcomplex<f32>>
    %1 = stablehlo.log %arg0 : tensor<8xcomplex<f32>>
    %2 = stablehlo.sqrt %arg0 : tensor<8xcomplex<f32>>
    %3 = stablehlo.real %arg0 : (tensor<8xcomplex<f32>>) -> tensor<8xf32>
    %4 = stablehlo.imag %arg0 : (tensor<8xcomplex<f32>>) -> tensor<8xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %5 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %6 = stablehlo.compare EQ, %3, %5, FLOAT : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xi1>
    %7 = stablehlo.sine %3 : tensor<8xf32>
    %8 = stablehlo.cosine %3 : tensor<8xf32>
    %9 = stablehlo.exponential_minus_one %4 : tensor<8xf32>
    %10 = stablehlo.negate %4 : tensor<8xf32>
    %11 = stablehlo.exponential_minus_one %10 : tensor<8xf32>
    %12 = stablehlo.subtract %9, %11 : tensor<8xf32>
    %cst_0 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %13 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %14 = stablehlo.divide %12, %13 : tensor<8xf32>
    %15 = stablehlo.add %9, %11 : tensor<8xf32>
    %cst_1 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %16 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %17 = stablehlo.add %15, %16 : tensor<8xf32>
    %cst_2 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %18 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %19 = stablehlo.divide %17, %18 : tensor<8xf32>
    %20 = stablehlo.multiply %7, %19 : tensor<8xf32>
    %21 = stablehlo.multiply %8, %14 : tensor<8xf32>
    %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %22 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %23 = stablehlo.complex %22, %21 : tensor<8xcomplex<f32>>
    %24 = stablehlo.complex %20, %21 : tensor<8xcomplex<f32>>
    %25 = stablehlo.select %6, %23, %24 : tensor<8xi1>, tensor<8xcomplex<f32>>
    %26 = stablehlo.multiply %arg0, %arg0 : tensor<8xcomplex<f32>>
    return %0, %1, %2, %25, %26 : tensor<8xcomplex<f32>>, tensor<8xcomplex<f32>>, tensor<8xcomplex<f32>>, tensor<8xcomplex<f32>>, tensor<8xcomplex<f32>>
  }
}
