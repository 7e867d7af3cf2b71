module @jit_iota_arange attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main() -> (tensor<10xi32> {jax.result_info = "result[0]"}, tensor<3x4xf32> {jax.result_info = "result[1]"}, tensor<4x4xf32> {jax.result_info = "result[2]"}, tensor<3x5xi32> {jax.result_info = "result[3]"}, tensor<5xf32> {jax.result_info = "result[4]"}) {
    %0 = stablehlo.iota dim = 0 : tensor<10xi32>
    %1 = stablehlo.iota dim = 1 : tensor<3x4xf32>
    %2 = stablehlo.iota dim = 0 : tensor<4x4xi32>
    %3 = stablehlo.iota dim = 1 : tensor<4x4xi32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %4 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<4x4xi32>
    %5 = stablehlo.add %2, %4 : tensor<4x4xi32>
    %6 = stablehlo.compare EQ, %5, %3, SIGNED : (tensor<4x4xi32>, tensor<4x4xi32>) -> tensor<4x4xi1>
    %7 = stablehlo.convert %6 : (tensor<4x4xi1>) -> tensor<4x4xf32>
    %8 = stablehlo.iota dim = 0 : tensor<3x5xi32>
    %c_0 = stablehlo.constant dense<1> : tensor<i32>
    %9 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<3x5xi32>
    %10 = stablehlo.add %8, %9 : tensor<3x5xi32>
    %11 = stablehlo.iota dim = 1 : tensor<3x5xi32>
    %12 = stablehlo.compare GE, %10, %11, SIGNED : (tensor<3x5xi32>, tensor<3x5xi32>) -> tensor<3x5xi1>
    %13 = stablehlo.convert %12 : (tensor<3x5xi1>) -> tensor<3x5xi32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %cst_1 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %14 = call @_linspace(%cst, %cst_1) : (tensor<f32>, tensor<f32>) -> tensor<5xf32>
    return %0, %1, %7, %13, %14 : tensor<10xi32>, tensor<3x4xf32>, tensor<4x4xf32>, tensor<3x5xi32>, tensor<5xf32>
  }
  func.func private @_linspace(%arg0: tensor<f32>, %arg1: tensor<f32>) -> tensor<5xf32> {
    %0 = stablehlo.convert %arg0 : tensor<f32>
    %1 = stablehlo.convert %arg1 : tensor<f32>
    %2 = stablehlo.subtract %1, %0 : tensor<f32>
    %cst = stablehlo.constant dense<4.000000e+00> : tensor<f32>
    %3 = stablehlo.divide %2, %cst : tensor<f32>
    %4 = stablehlo.iota dim = 0 : tensor<4xf32>
    %cst_0 = stablehlo.constant dense<4.000000e+00> : tensor<f32>
    %5 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %6 = stablehlo.divide %4, %5 : tensor<4xf32>
    %7 = stablehlo.reshape %0 : (tensor<f32>) -> tensor<1xf32>
    %cst_1 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %8 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %9 = stablehlo.subtract %8, %6 : tensor<4xf32>
    %10 = stablehlo.broadcast_in_dim %7, dims = [0] : (tensor<1xf32>) -> tensor<4xf32>
    %11 = stablehlo.multiply %10, %9 : tensor<4xf32>
    %12 = stablehlo.reshape %1 : (tensor<f32>) -> tensor<1xf32>
    %13 = stablehlo.broadcast_in_dim %12, dims = [0] : (tensor<1xf32>) -> tensor<4xf32>
    %14 = stablehlo.multiply %13, %6 : tensor<4xf32>
    %15 = stablehlo.add %11, %14 : tensor<4xf32>
    %16 = stablehlo.broadcast_in_dim %1, dims = [] : (tensor<f32>) -> tensor<1xf32>
    %17 = stablehlo.concatenate %15, %16, dim = 0 : (tensor<4xf32>, tensor<1xf32>) -> tensor<5xf32>
    return %17 : tensor<5xf32>
  }
}
