module @jit_attention_grad attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<6x8xf32>, %arg1: tensor<6x8xf32>, %arg2: tensor<6x8xf32>) -> (tensor<6x8xf32> {jax.result_info = "result[0]"}, tensor<6x8xf32> {jax.result_info = "result[1]"}, tensor<6x8xf32> {jax.result_info = "result[2]"}) {
    %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<6x8xf32>, tensor<6x8xf32>) -> tensor<6x6xf32>
    %cst = stablehlo.constant dense<2.82842708> : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<6x6xf32>
    %2 = stablehlo.divide %0, %1 : tensor<6x6xf32>
    %c = stablehlo.constant dense<true> : tensor<i1>
    %3 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i1>) -> tensor<6x6xi1>
    %4 = call @tril(%3) : (tensor<6x6xi1>) -> tensor<6x6xi1>
    %cst_0 = stablehlo.constant dense<-1.000000e+09> : tensor<f32>
    %5:2 = call @_where(%4, %2, %cst_0) : (tensor<6x6xi1>, tensor<6x6xf32>, tensor<f32>) -> (tensor<6x6xf32>, tensor<6x6xf32>)
    %cst_1 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %6 = stablehlo.reduce(%5#0 init: %cst_1) applies stablehlo.maximum across dimensions = [1] : (tensor<6x6xf32>, tensor<f32>) -> tensor<6xf32>
    %7 = stablehlo.reshape %6 : (tensor<6xf32>) -> tensor<6x1xf32>
    %8 = stablehlo.broadcast_in_dim %7, dims = [0, 1] : (tensor<6x1xf32>) -> tensor<6x6xf32>
    %9 = stablehlo.compare EQ, %5#0, %8, FLOAT : (tensor<6x6xf32>, tensor<6x6xf32>) -> tensor<6x6xi1>
    %10 = stablehlo.convert %9 : (tensor<6x6xi1>) -> tensor<6x6xf32>
    %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %11 = stablehlo.reduce(%10 init: %cst_2) applies stablehlo.add across dimensions = [1] : (tensor<6x6xf32>, tensor<f32>) -> tensor<6xf32>
    %cst_3 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %12 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<6xf32>
    %13 = stablehlo.maximum %12, %6 : tensor<6xf32>
    %14 = stablehlo.compare EQ, %6, %13, FLOAT : (tensor<6xf32>, tensor<6xf32>) -> tensor<6xi1>
    %cst_4 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %15 = stablehlo.broadcast_in_dim %cst_4, dims = [] : (tensor<f32>) -> tensor<6xf32>
    %cst_5 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %16 = stablehlo.broadcast_in_dim %cst_5, dims = [] : (tensor<f32>) -> tensor<6xf32>
    %17 = stablehlo.select %14, %15, %16 : tensor<6xi1>, tensor<6xf32>
    %cst_6 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %18 = stablehlo.broadcast_in_dim %cst_6, dims = [] : (tensor<f32>) -> tensor<6xf32>
    %19 = stablehlo.compare EQ, %18, %13, FLOAT : (tensor<6xf32>, tensor<6xf32>) -> tensor<6xi1>
    %cst_7 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %20 = stablehlo.broadcast_in_dim %cst_7, dims = [] : (tensor<f32>) -> tensor<6xf32>
    %cst_8 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %21 = stablehlo.broadcast_in_dim %cst_8, dims = [] : (tensor<f32>) -> tensor<6xf32>
    %22 = stablehlo.select %19, %20, %21 : tensor<6xi1>, tensor<6xf32>
    %23 = stablehlo.divide %17, %22 : tensor<6xf32>
    %24 = stablehlo.broadcast_in_dim %13, dims = [0] : (tensor<6xf32>) -> tensor<6x1xf32>
    %25 = stablehlo.broadcast_in_dim %24, dims = [0, 1] : (tensor<6x1xf32>) -> tensor<6x6xf32>
    %26 = stablehlo.subtract %5#0, %25 : tensor<6x6xf32>
    %27 = stablehlo.exponential %26 : tensor<6x6xf32>
    %cst_9 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %28 = stablehlo.reduce(%27 init: %cst_9) applies stablehlo.add across dimensions = [1] : (tensor<6x6xf32>, tensor<f32>) -> tensor<6xf32>
    %29 = stablehlo.broadcast_in_dim %28, dims = [0] : (tensor<6xf32>) -> tensor<6x1xf32>
    %30 = stablehlo.broadcast_in_dim %29, dims = [0, 1] : (tensor<6x1xf32>) -> tensor<6x6xf32>
    %31 = stablehlo.divide %27, %30 : tensor<6x6xf32>
    %32 = stablehlo.multiply %29, %29 : tensor<6x1xf32>
    %cst_10 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %33 = stablehlo.broadcast_in_dim %cst_10, dims = [] : (tensor<f32>) -> tensor<6x1xf32>
    %34 = stablehlo.divide %33, %32 : tensor<6x1xf32>
    %35 = stablehlo.dot_general %31, %arg2, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<6x6xf32>, tensor<6x8xf32>) -> tensor<6x8xf32>
    %36 = stablehlo.multiply %35, %35 : tensor<6x8xf32>
    %cst_11 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %37 = stablehlo.broadcast_in_dim %cst_11, dims = [] : (tensor<f32>) -> tensor<6x8xf32>
    %38 = stablehlo.multiply %37, %35 : tensor<6x8xf32>
    %cst_12 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %39 = stablehlo.reduce(%36 init: %cst_12) applies stablehlo.add across dimensions = [0, 1] : (tensor<6x8xf32>, tensor<f32>) -> tensor<f32>
    %cst_13 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %40 = stablehlo.broadcast_in_dim %cst_13, dims = [] : (tensor<f32>) -> tensor<6x8xf32>
    %41 = stablehlo.multiply %40, %38 : tensor<6x8xf32>
    %42 = stablehlo.dot_general %41, %31, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<6x8xf32>, tensor<6x6xf32>) -> tensor<8x6xf32>
    %43 = stablehlo.transpose %42, dims = [1, 0] : (tensor<8x6xf32>) -> tensor<6x8xf32>
    %44 = stablehlo.dot_general %41, %arg2, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<6x8xf32>, tensor<6x8xf32>) -> tensor<6x6xf32>
    %45 = stablehlo.broadcast_in_dim %34, dims = [0, 1] : (tensor<6x1xf32>) -> tensor<6x6xf32>
    %46 = stablehlo.multiply %44, %45 : tensor<6x6xf32>
    %47 = stablehlo.multiply %46, %27 : tensor<6x6xf32>
    %cst_14 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %48 = stablehlo.reduce(%47 init: %cst_14) applies stablehlo.add across dimensions = [1] : (tensor<6x6xf32>, tensor<f32>) -> tensor<6xf32>
    %49 = stablehlo.reshape %48 : (tensor<6xf32>) -> tensor<6x1xf32>
    %50 = stablehlo.negate %49 : tensor<6x1xf32>
    %51 = stablehlo.broadcast_in_dim %29, dims = [0, 1] : (tensor<6x1xf32>) -> tensor<6x6xf32>
    %52 = stablehlo.divide %44, %51 : tensor<6x6xf32>
    %cst_15 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %53 = stablehlo.reduce(%50 init: %cst_15) applies stablehlo.add across dimensions = [1] : (tensor<6x1xf32>, tensor<f32>) -> tensor<6xf32>
    %54 = stablehlo.broadcast_in_dim %53, dims = [0] : (tensor<6xf32>) -> tensor<6x6xf32>
    %55 = stablehlo.add %52, %54 : tensor<6x6xf32>
    %56 = stablehlo.multiply %55, %27 : tensor<6x6xf32>
    %57 = call @_where_0(%4, %5#1, %56) : (tensor<6x6xi1>, tensor<6x6xf32>, tensor<6x6xf32>) -> tensor<6x6xf32>
    %cst_16 = stablehlo.constant dense<2.82842708> : tensor<f32>
    %58 = stablehlo.broadcast_in_dim %cst_16, dims = [] : (tensor<f32>) -> tensor<6x6xf32>
    %59 = stablehlo.divide %57, %58 : tensor<6x6xf32>
    %60 = stablehlo.dot_general %59, %arg0, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<6x6xf32>, tensor<6x8xf32>) -> tensor<6x8xf32>
    %61 = stablehlo.dot_general %59, %arg1, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<6x6xf32>, tensor<6x8xf32>) -> tensor<6x8xf32>
    return %61, %60, %43 : tensor<6x8xf32>, tensor<6x8xf32>, tensor<6x8xf32>
  }
  func.func private @tril(%arg0: tensor<6x6xi1>) -> tensor<6x6xi1> {
    %0 = stablehlo.iota dim = 0 : tensor<6x6xi32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<6x6xi32>
    %2 = stablehlo.add %0, %1 : tensor<6x6xi32>
    %3 = stablehlo.iota dim = 1 : tensor<6x6xi32>
    %4 = stablehlo.compare GE, %2, %3, SIGNED : (tensor<6x6xi32>, tensor<6x6xi32>) -> tensor<6x6xi1>
    %c_0 = stablehlo.constant dense<false> : tensor<i1>
    %5 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i1>) -> tensor<6x6xi1>
    %6 = stablehlo.select %4, %arg0, %5 : tensor<6x6xi1>, tensor<6x6xi1>
    return %6 : tensor<6x6xi1>
  }
  func.func private @_where(%arg0: tensor<6x6xi1>, %arg1: tensor<6x6xf32>, %arg2: tensor<f32>) -> (tensor<6x6xf32>, tensor<6x6xf32>) {
    %0 = stablehlo.convert %arg2 : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<f32>) -> tensor<6x6xf32>
    %2 = stablehlo.select %arg0, %arg1, %1 : tensor<6x6xi1>, tensor<6x6xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %3 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<6x6xf32>
    return %2, %3 : tensor<6x6xf32>, tensor<6x6xf32>
  }
  func.func private @_where_0(%arg0: tensor<6x6xi1>, %arg1: tensor<6x6xf32>, %arg2: tensor<6x6xf32>) -> tensor<6x6xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<6x6xf32>
    %1 = stablehlo.select %arg0, %arg2, %0 : tensor<6x6xi1>, tensor<6x6xf32>
    return %1 : tensor<6x6xf32>
  }
}
