module @jit_mlp_hessian_vector attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<6x8xf32>, %arg1: tensor<8xf32>, %arg2: tensor<8x3xf32>, %arg3: tensor<3xf32>, %arg4: tensor<4x6xf32>) -> (tensor<6x8xf32> {jax.result_info = "result"}) {
    %cst = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<6x8xf32>
    %1 = stablehlo.dot_general %arg4, %arg0, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4x6xf32>, tensor<6x8xf32>) -> tensor<4x8xf32>
    %2 = stablehlo.dot_general %arg4, %0, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4x6xf32>, tensor<6x8xf32>) -> tensor<4x8xf32>
    %3 = stablehlo.broadcast_in_dim %arg1, dims = [1] : (tensor<8xf32>) -> tensor<1x8xf32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [0, 1] : (tensor<1x8xf32>) -> tensor<4x8xf32>
    %5 = stablehlo.add %1, %4 : tensor<4x8xf32>
    %6 = stablehlo.tanh %5 : tensor<4x8xf32>
    %7 = stablehlo.multiply %2, %6 : tensor<4x8xf32>
    %8 = stablehlo.add %2, %7 : tensor<4x8xf32>
    %cst_0 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %9 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<4x8xf32>
    %10 = stablehlo.subtract %9, %6 : tensor<4x8xf32>
    %11 = stablehlo.multiply %8, %10 : tensor<4x8xf32>
    %cst_1 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %12 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<4x8xf32>
    %13 = stablehlo.subtract %12, %6 : tensor<4x8xf32>
    %14 = stablehlo.negate %11 : tensor<4x8xf32>
    %15 = stablehlo.dot_general %6, %arg2, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4x8xf32>, tensor<8x3xf32>) -> tensor<4x3xf32>
    %16 = stablehlo.dot_general %11, %arg2, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4x8xf32>, tensor<8x3xf32>) -> tensor<4x3xf32>
    %17 = stablehlo.broadcast_in_dim %arg3, dims = [1] : (tensor<3xf32>) -> tensor<1x3xf32>
    %18 = stablehlo.broadcast_in_dim %17, dims = [0, 1] : (tensor<1x3xf32>) -> tensor<4x3xf32>
    %19 = stablehlo.add %15, %18 : tensor<4x3xf32>
    %20 = stablehlo.multiply %19, %19 : tensor<4x3xf32>
    %cst_2 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %21 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<4x3xf32>
    %22 = stablehlo.multiply %21, %19 : tensor<4x3xf32>
    %23 = stablehlo.multiply %16, %22 : tensor<4x3xf32>
    %cst_3 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %24 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<4x3xf32>
    %25 = stablehlo.multiply %24, %19 : tensor<4x3xf32>
    %cst_4 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %26 = stablehlo.broadcast_in_dim %cst_4, dims = [] : (tensor<f32>) -> tensor<4x3xf32>
    %27 = stablehlo.multiply %26, %16 : tensor<4x3xf32>
    %cst_5 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %28 = stablehlo.reduce(%20 init: %cst_5) applies stablehlo.add across dimensions = [0, 1] : (tensor<4x3xf32>, tensor<f32>) -> tensor<f32>
    %cst_6 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %29 = stablehlo.reduce(%23 init: %cst_6) applies stablehlo.add across dimensions = [0, 1] : (tensor<4x3xf32>, tensor<f32>) -> tensor<f32>
    %cst_7 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %30 = stablehlo.broadcast_in_dim %cst_7, dims = [] : (tensor<f32>) -> tensor<4x3xf32>
    %31 = stablehlo.multiply %30, %25 : tensor<4x3xf32>
    %32 = stablehlo.multiply %30, %27 : tensor<4x3xf32>
    %33 = stablehlo.dot_general %31, %arg2, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4x3xf32>, tensor<8x3xf32>) -> tensor<4x8xf32>
    %34 = stablehlo.dot_general %32, %arg2, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4x3xf32>, tensor<8x3xf32>) -> tensor<4x8xf32>
    %35 = stablehlo.multiply %33, %13 : tensor<4x8xf32>
    %36 = stablehlo.multiply %34, %13 : tensor<4x8xf32>
    %37 = stablehlo.multiply %33, %14 : tensor<4x8xf32>
    %38 = stablehlo.add %36, %37 : tensor<4x8xf32>
    %39 = stablehlo.multiply %35, %6 : tensor<4x8xf32>
    %40 = stablehlo.multiply %38, %6 : tensor<4x8xf32>
    %41 = stablehlo.multiply %35, %11 : tensor<4x8xf32>
    %42 = stablehlo.add %40, %41 : tensor<4x8xf32>
    %43 = stablehlo.add %35, %39 : tensor<4x8xf32>
    %44 = stablehlo.add %38, %42 : tensor<4x8xf32>
    %45 = stablehlo.dot_general %43, %arg4, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4x8xf32>, tensor<4x6xf32>) -> tensor<8x6xf32>
    %46 = stablehlo.dot_general %44, %arg4, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4x8xf32>, tensor<4x6xf32>) -> tensor<8x6xf32>
    %47 = stablehlo.transpose %45, dims = [1, 0] : (tensor<8x6xf32>) -> tensor<6x8xf32>
    %48 = stablehlo.transpose %46, dims = [1, 0] : (tensor<8x6xf32>) -> tensor<6x8xf32>
    return %48 : tensor<6x8xf32>
  }
}
