module @jit_mlp_jacobian attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<6x8xf32>, %arg1: tensor<8xf32>, %arg2: tensor<8x3xf32>, %arg3: tensor<3xf32>, %arg4: tensor<4x6xf32>) -> (tensor<4x3x6xf32> {jax.result_info = "result"}) {
    %0 = stablehlo.iota dim = 0 : tensor<6x6xi32>
    %1 = stablehlo.iota dim = 1 : tensor<6x6xi32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %2 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<6x6xi32>
    %3 = stablehlo.add %0, %2 : tensor<6x6xi32>
    %4 = stablehlo.compare EQ, %3, %1, SIGNED : (tensor<6x6xi32>, tensor<6x6xi32>) -> tensor<6x6xi1>
    %5 = stablehlo.convert %4 : (tensor<6x6xi1>) -> tensor<6x6xf32>
    %6 = stablehlo.slice %5 [0:6, 0:6] : (tensor<6x6xf32>) -> tensor<6x6xf32>
    %7 = stablehlo.convert %6 : tensor<6x6xf32>
    %8 = stablehlo.dot_general %arg4, %arg0, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4x6xf32>, tensor<6x8xf32>) -> tensor<4x8xf32>
    %9 = stablehlo.dot_general %7, %arg0, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<6x6xf32>, tensor<6x8xf32>) -> tensor<6x8xf32>
    %10 = stablehlo.broadcast_in_dim %arg1, dims = [1] : (tensor<8xf32>) -> tensor<1x8xf32>
    %11 = stablehlo.broadcast_in_dim %10, dims = [0, 1] : (tensor<1x8xf32>) -> tensor<4x8xf32>
    %12 = stablehlo.add %8, %11 : tensor<4x8xf32>
    %13 = stablehlo.tanh %12 : tensor<4x8xf32>
    %14 = stablehlo.broadcast_in_dim %13, dims = [0, 2] : (tensor<4x8xf32>) -> tensor<4x1x8xf32>
    %15 = stablehlo.broadcast_in_dim %9, dims = [1, 2] : (tensor<6x8xf32>) -> tensor<1x6x8xf32>
    %16 = stablehlo.broadcast_in_dim %15, dims = [0, 1, 2] : (tensor<1x6x8xf32>) -> tensor<4x6x8xf32>
    %17 = stablehlo.broadcast_in_dim %14, dims = [0, 1, 2] : (tensor<4x1x8xf32>) -> tensor<4x6x8xf32>
    %18 = stablehlo.multiply %16, %17 : tensor<4x6x8xf32>
    %19 = stablehlo.broadcast_in_dim %9, dims = [1, 2] : (tensor<6x8xf32>) -> tensor<1x6x8xf32>
    %20 = stablehlo.broadcast_in_dim %19, dims = [0, 1, 2] : (tensor<1x6x8xf32>) -> tensor<4x6x8xf32>
    %21 = stablehlo.add %20, %18 : tensor<4x6x8xf32>
    %cst = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %22 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<4x8xf32>
    %23 = stablehlo.subtract %22, %13 : tensor<4x8xf32>
    %24 = stablehlo.broadcast_in_dim %23, dims = [0, 2] : (tensor<4x8xf32>) -> tensor<4x1x8xf32>
    %25 = stablehlo.broadcast_in_dim %24, dims = [0, 1, 2] : (tensor<4x1x8xf32>) -> tensor<4x6x8xf32>
    %26 = stablehlo.multiply %21, %25 : tensor<4x6x8xf32>
    %27 = stablehlo.dot_general %13, %arg2, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4x8xf32>, tensor<8x3xf32>) -> tensor<4x3xf32>
    %28 = stablehlo.dot_general %26, %arg2, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4x6x8xf32>, tensor<8x3xf32>) -> tensor<4x6x3xf32>
    %29 = stablehlo.broadcast_in_dim %arg3, dims = [1] : (tensor<3xf32>) -> tensor<1x3xf32>
    %30 = stablehlo.broadcast_in_dim %29, dims = [0, 1] : (tensor<1x3xf32>) -> tensor<4x3xf32>
    %31 = stablehlo.add %27, %30 : tensor<4x3xf32>
    %32 = stablehlo.transpose %28, dims = [0, 2, 1] : (tensor<4x6x3xf32>) -> tensor<4x3x6xf32>
    %33 = stablehlo.slice %32 [0:4, 0:3, 0:6] : (tensor<4x3x6xf32>) -> tensor<4x3x6xf32>
    return %33 : tensor<4x3x6xf32>
  }
}
