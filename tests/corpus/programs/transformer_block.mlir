module @jit_transformer_block attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<8xf32>, %arg1: tensor<8xf32>, %arg2: tensor<8x24xf32>, %arg3: tensor<8x8xf32>, %arg4: tensor<8x16xf32>, %arg5: tensor<16x8xf32>, %arg6: tensor<6x8xf32>) -> (tensor<6x8xf32> {jax.result_info = "result"}) {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.reduce(%arg6 init: %cst) applies stablehlo.add across dimensions = [1] : (tensor<6x8xf32>, tensor<f32>) -> tensor<6xf32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [0] : (tensor<6xf32>) -> tensor<6x1xf32>
    %cst_0 = stablehlo.constant dense<8.000000e+00> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<6x1xf32>
    %3 = stablehlo.divide %1, %2 : tensor<6x1xf32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [0, 1] : (tensor<6x1xf32>) -> tensor<6x8xf32>
    %5 = stablehlo.subtract %arg6, %4 : tensor<6x8xf32>
    %6 = stablehlo.multiply %5, %5 : tensor<6x8xf32>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %7 = stablehlo.reduce(%6 init: %cst_1) applies stablehlo.add across dimensions = [1] : (tensor<6x8xf32>, tensor<f32>) -> tensor<6xf32>
    %8 = stablehlo.broadcast_in_dim %7, dims = [0] : (tensor<6xf32>) -> tensor<6x1xf32>
    %cst_2 = stablehlo.constant dense<8.000000e+00> : tensor<f32>
    %9 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<6x1xf32>
    %10 = stablehlo.divide %8, %9 : tensor<6x1xf32>
    %11 = stablehlo.broadcast_in_dim %3, dims = [0, 1] : (tensor<6x1xf32>) -> tensor<6x8xf32>
    %12 = stablehlo.subtract %arg6, %11 : tensor<6x8xf32>
    %cst_3 = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
    %13 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<6x1xf32>
    %14 = stablehlo.add %10, %13 : tensor<6x1xf32>
    %15 = stablehlo.rsqrt %14 : tensor<6x1xf32>
    %16 = stablehlo.broadcast_in_dim %15, dims = [0, 1] : (tensor<6x1xf32>) -> tensor<6x8xf32>
    %17 = stablehlo.multiply %12, %16 : tensor<6x8xf32>
    %18 = stablehlo.broadcast_in_dim %arg0, dims = [1] : (tensor<8xf32>) -> tensor<1x8xf32>
    %19 = stablehlo.broadcast_in_dim %18, dims = [0, 1] : (tensor<1x8xf32>) -> tensor<6x8xf32>
    %20 = stablehlo.multiply %17, %19 : tensor<6x8xf32>
    %21 = stablehlo.broadcast_in_dim %arg1, dims = [1] : (tensor<8xf32>) -> tensor<1x8xf32>
    %22 = stablehlo.broadcast_in_dim %21, dims = [0, 1] : (tensor<1x8xf32>) -> tensor<6x8xf32>
    %23 = stablehlo.add %20, %22 : tensor<6x8xf32>
    %24 = stablehlo.dot_general %23, %arg2, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<6x8xf32>, tensor<8x24xf32>) -> tensor<6x24xf32>
    %25 = stablehlo.slice %24 [0:6, 0:8] : (tensor<6x24xf32>) -> tensor<6x8xf32>
    %26 = stablehlo.slice %24 [0:6, 8:16] : (tensor<6x24xf32>) -> tensor<6x8xf32>
    %27 = stablehlo.slice %24 [0:6, 16:24] : (tensor<6x24xf32>) -> tensor<6x8xf32>
    %28 = stablehlo.dot_general %25, %26, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<6x8xf32>, tensor<6x8xf32>) -> tensor<6x6xf32>
    %cst_4 = stablehlo.constant dense<2.82842708> : tensor<f32>
    %29 = stablehlo.broadcast_in_dim %cst_4, dims = [] : (tensor<f32>) -> tensor<6x6xf32>
    %30 = stablehlo.divide %28, %29 : tensor<6x6xf32>
    %c = stablehlo.constant dense<true> : tensor<i1>
    %31 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i1>) -> tensor<6x6xi1>
    %32 = call @tril(%31) : (tensor<6x6xi1>) -> tensor<6x6xi1>
    %cst_5 = stablehlo.constant dense<-1.000000e+09> : tensor<f32>
    %33 = call @_where(%32, %30, %cst_5) : (tensor<6x6xi1>, tensor<6x6xf32>, tensor<f32>) -> tensor<6x6xf32>
    %cst_6 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %34 = stablehlo.reduce(%33 init: %cst_6) applies stablehlo.maximum across dimensions = [1] : (tensor<6x6xf32>, tensor<f32>) -> tensor<6xf32>
    %cst_7 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %35 = stablehlo.broadcast_in_dim %cst_7, dims = [] : (tensor<f32>) -> tensor<6xf32>
    %36 = stablehlo.maximum %35, %34 : tensor<6xf32>
    %37 = stablehlo.broadcast_in_dim %36, dims = [0] : (tensor<6xf32>) -> tensor<6x1xf32>
    %38 = stablehlo.broadcast_in_dim %37, dims = [0, 1] : (tensor<6x1xf32>) -> tensor<6x6xf32>
    %39 = stablehlo.subtract %33, %38 : tensor<6x6xf32>
    %40 = stablehlo.exponential %39 : tensor<6x6xf32>
    %cst_8 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %41 = stablehlo.reduce(%40 init: %cst_8) applies stablehlo.add across dimensions = [1] : (tensor<6x6xf32>, tensor<f32>) -> tensor<6xf32>
    %42 = stablehlo.broadcast_in_dim %41, dims = [0] : (tensor<6xf32>) -> tensor<6x1xf32>
    %43 = stablehlo.broadcast_in_dim %42, dims = [0, 1] : (tensor<6x1xf32>) -> tensor<6x6xf32>
    %44 = stablehlo.divide %40, %43 : tensor<6x6xf32>
    %45 = stablehlo.dot_general %44, %27, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<6x6xf32>, tensor<6x8xf32>) -> tensor<6x8xf32>
    %46 = stablehlo.dot_general %45, %arg3, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<6x8xf32>, tensor<8x8xf32>) -> tensor<6x8xf32>
    %47 = stablehlo.add %arg6, %46 : tensor<6x8xf32>
    %cst_9 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %48 = stablehlo.reduce(%47 init: %cst_9) applies stablehlo.add across dimensions = [1] : (tensor<6x8xf32>, tensor<f32>) -> tensor<6xf32>
    %49 = stablehlo.broadcast_in_dim %48, dims = [0] : (tensor<6xf32>) -> tensor<6x1xf32>
    %cst_10 = stablehlo.constant dense<8.000000e+00> : tensor<f32>
    %50 = stablehlo.broadcast_in_dim %cst_10, dims = [] : (tensor<f32>) -> tensor<6x1xf32>
    %51 = stablehlo.divide %49, %50 : tensor<6x1xf32>
    %52 = stablehlo.broadcast_in_dim %51, dims = [0, 1] : (tensor<6x1xf32>) -> tensor<6x8xf32>
    %53 = stablehlo.subtract %47, %52 : tensor<6x8xf32>
    %54 = stablehlo.multiply %53, %53 : tensor<6x8xf32>
    %cst_11 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %55 = stablehlo.reduce(%54 init: %cst_11) applies stablehlo.add across dimensions = [1] : (tensor<6x8xf32>, tensor<f32>) -> tensor<6xf32>
    %56 = stablehlo.broadcast_in_dim %55, dims = [0] : (tensor<6xf32>) -> tensor<6x1xf32>
    %cst_12 = stablehlo.constant dense<8.000000e+00> : tensor<f32>
    %57 = stablehlo.broadcast_in_dim %cst_12, dims = [] : (tensor<f32>) -> tensor<6x1xf32>
    %58 = stablehlo.divide %56, %57 : tensor<6x1xf32>
    %59 = stablehlo.broadcast_in_dim %51, dims = [0, 1] : (tensor<6x1xf32>) -> tensor<6x8xf32>
    %60 = stablehlo.subtract %47, %59 : tensor<6x8xf32>
    %cst_13 = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
    %61 = stablehlo.broadcast_in_dim %cst_13, dims = [] : (tensor<f32>) -> tensor<6x1xf32>
    %62 = stablehlo.add %58, %61 : tensor<6x1xf32>
    %63 = stablehlo.rsqrt %62 : tensor<6x1xf32>
    %64 = stablehlo.broadcast_in_dim %63, dims = [0, 1] : (tensor<6x1xf32>) -> tensor<6x8xf32>
    %65 = stablehlo.multiply %60, %64 : tensor<6x8xf32>
    %66 = stablehlo.broadcast_in_dim %arg0, dims = [1] : (tensor<8xf32>) -> tensor<1x8xf32>
    %67 = stablehlo.broadcast_in_dim %66, dims = [0, 1] : (tensor<1x8xf32>) -> tensor<6x8xf32>
    %68 = stablehlo.multiply %65, %67 : tensor<6x8xf32>
    %69 = stablehlo.broadcast_in_dim %arg1, dims = [1] : (tensor<8xf32>) -> tensor<1x8xf32>
    %70 = stablehlo.broadcast_in_dim %69, dims = [0, 1] : (tensor<1x8xf32>) -> tensor<6x8xf32>
    %71 = stablehlo.add %68, %70 : tensor<6x8xf32>
    %72 = stablehlo.dot_general %71, %arg4, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<6x8xf32>, tensor<8x16xf32>) -> tensor<6x16xf32>
    %73 = stablehlo.multiply %72, %72 : tensor<6x16xf32>
    %74 = stablehlo.multiply %73, %72 : tensor<6x16xf32>
    %cst_14 = stablehlo.constant dense<4.471500e-02> : tensor<f32>
    %75 = stablehlo.broadcast_in_dim %cst_14, dims = [] : (tensor<f32>) -> tensor<6x16xf32>
    %76 = stablehlo.multiply %75, %74 : tensor<6x16xf32>
    %77 = stablehlo.add %72, %76 : tensor<6x16xf32>
    %cst_15 = stablehlo.constant dense<0.797884583> : tensor<f32>
    %78 = stablehlo.broadcast_in_dim %cst_15, dims = [] : (tensor<f32>) -> tensor<6x16xf32>
    %79 = stablehlo.multiply %78, %77 : tensor<6x16xf32>
    %80 = stablehlo.tanh %79 : tensor<6x16xf32>
    %cst_16 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %81 = stablehlo.broadcast_in_dim %cst_16, dims = [] : (tensor<f32>) -> tensor<6x16xf32>
    %82 = stablehlo.add %81, %80 : tensor<6x16xf32>
    %cst_17 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %83 = stablehlo.broadcast_in_dim %cst_17, dims = [] : (tensor<f32>) -> tensor<6x16xf32>
    %84 = stablehlo.multiply %83, %82 : tensor<6x16xf32>
    %85 = stablehlo.multiply %72, %84 : tensor<6x16xf32>
    %86 = stablehlo.dot_general %85, %arg5, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<6x16xf32>, tensor<16x8xf32>) -> tensor<6x8xf32>
    %87 = stablehlo.add %47, %86 : tensor<6x8xf32>
    return %87 : tensor<6x8xf32>
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
  func.func private @_where(%arg0: tensor<6x6xi1>, %arg1: tensor<6x6xf32>, %arg2: tensor<f32>) -> tensor<6x6xf32> {
    %0 = stablehlo.convert %arg2 : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<f32>) -> tensor<6x6xf32>
    %2 = stablehlo.select %arg0, %arg1, %1 : tensor<6x6xi1>, tensor<6x6xf32>
    return %2 : tensor<6x6xf32>
  }
}
