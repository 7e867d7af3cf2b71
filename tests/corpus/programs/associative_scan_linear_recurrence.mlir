module @jit_associative_scan_linear_recurrence attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<8xf32>) -> (tensor<8xf32> {jax.result_info = "result"}) {
    %cst = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %1 = stablehlo.slice %0 [0:7:2] : (tensor<8xf32>) -> tensor<4xf32>
    %2 = stablehlo.slice %arg0 [0:7:2] : (tensor<8xf32>) -> tensor<4xf32>
    %3 = stablehlo.slice %0 [1:8:2] : (tensor<8xf32>) -> tensor<4xf32>
    %4 = stablehlo.slice %arg0 [1:8:2] : (tensor<8xf32>) -> tensor<4xf32>
    %5 = stablehlo.multiply %1, %3 : tensor<4xf32>
    %6 = stablehlo.multiply %2, %3 : tensor<4xf32>
    %7 = stablehlo.add %6, %4 : tensor<4xf32>
    %8 = stablehlo.slice %5 [0:3:2] : (tensor<4xf32>) -> tensor<2xf32>
    %9 = stablehlo.slice %7 [0:3:2] : (tensor<4xf32>) -> tensor<2xf32>
    %10 = stablehlo.slice %5 [1:4:2] : (tensor<4xf32>) -> tensor<2xf32>
    %11 = stablehlo.slice %7 [1:4:2] : (tensor<4xf32>) -> tensor<2xf32>
    %12 = stablehlo.multiply %8, %10 : tensor<2xf32>
    %13 = stablehlo.multiply %9, %10 : tensor<2xf32>
    %14 = stablehlo.add %13, %11 : tensor<2xf32>
    %15 = stablehlo.slice %12 [0:1:2] : (tensor<2xf32>) -> tensor<1xf32>
    %16 = stablehlo.slice %14 [0:1:2] : (tensor<2xf32>) -> tensor<1xf32>
    %17 = stablehlo.slice %12 [1:2:2] : (tensor<2xf32>) -> tensor<1xf32>
    %18 = stablehlo.slice %14 [1:2:2] : (tensor<2xf32>) -> tensor<1xf32>
    %19 = stablehlo.multiply %15, %17 : tensor<1xf32>
    %20 = stablehlo.multiply %16, %17 : tensor<1xf32>
    %21 = stablehlo.add %20, %18 : tensor<1xf32>
    %22 = stablehlo.slice %19 [0:0] : (tensor<1xf32>) -> tensor<0xf32>
    %23 = stablehlo.slice %21 [0:0] : (tensor<1xf32>) -> tensor<0xf32>
    %24 = stablehlo.slice %12 [2:2:2] : (tensor<2xf32>) -> tensor<0xf32>
    %25 = stablehlo.slice %14 [2:2:2] : (tensor<2xf32>) -> tensor<0xf32>
    %26 = stablehlo.multiply %22, %24 : tensor<0xf32>
    %27 = stablehlo.multiply %23, %24 : tensor<0xf32>
    %28 = stablehlo.add %27, %25 : tensor<0xf32>
    %29 = stablehlo.slice %12 [0:1] : (tensor<2xf32>) -> tensor<1xf32>
    %30 = stablehlo.concatenate %29, %26, dim = 0 : (tensor<1xf32>, tensor<0xf32>) -> tensor<1xf32>
    %31 = stablehlo.slice %14 [0:1] : (tensor<2xf32>) -> tensor<1xf32>
    %32 = stablehlo.concatenate %31, %28, dim = 0 : (tensor<1xf32>, tensor<0xf32>) -> tensor<1xf32>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %33 = stablehlo.pad %30, %cst_0, low = [0], high = [1], interior = [1] : (tensor<1xf32>, tensor<f32>) -> tensor<2xf32>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %34 = stablehlo.pad %19, %cst_1, low = [1], high = [0], interior = [1] : (tensor<1xf32>, tensor<f32>) -> tensor<2xf32>
    %35 = stablehlo.add %33, %34 : tensor<2xf32>
    %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %36 = stablehlo.pad %32, %cst_2, low = [0], high = [1], interior = [1] : (tensor<1xf32>, tensor<f32>) -> tensor<2xf32>
    %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %37 = stablehlo.pad %21, %cst_3, low = [1], high = [0], interior = [1] : (tensor<1xf32>, tensor<f32>) -> tensor<2xf32>
    %38 = stablehlo.add %36, %37 : tensor<2xf32>
    %39 = stablehlo.slice %35 [0:1] : (tensor<2xf32>) -> tensor<1xf32>
    %40 = stablehlo.slice %38 [0:1] : (tensor<2xf32>) -> tensor<1xf32>
    %41 = stablehlo.slice %5 [2:4:2] : (tensor<4xf32>) -> tensor<1xf32>
    %42 = stablehlo.slice %7 [2:4:2] : (tensor<4xf32>) -> tensor<1xf32>
    %43 = stablehlo.multiply %39, %41 : tensor<1xf32>
    %44 = stablehlo.multiply %40, %41 : tensor<1xf32>
    %45 = stablehlo.add %44, %42 : tensor<1xf32>
    %46 = stablehlo.slice %5 [0:1] : (tensor<4xf32>) -> tensor<1xf32>
    %47 = stablehlo.concatenate %46, %43, dim = 0 : (tensor<1xf32>, tensor<1xf32>) -> tensor<2xf32>
    %48 = stablehlo.slice %7 [0:1] : (tensor<4xf32>) -> tensor<1xf32>
    %49 = stablehlo.concatenate %48, %45, dim = 0 : (tensor<1xf32>, tensor<1xf32>) -> tensor<2xf32>
    %cst_4 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %50 = stablehlo.pad %47, %cst_4, low = [0], high = [1], interior = [1] : (tensor<2xf32>, tensor<f32>) -> tensor<4xf32>
    %cst_5 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %51 = stablehlo.pad %35, %cst_5, low = [1], high = [0], interior = [1] : (tensor<2xf32>, tensor<f32>) -> tensor<4xf32>
    %52 = stablehlo.add %50, %51 : tensor<4xf32>
    %cst_6 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %53 = stablehlo.pad %49, %cst_6, low = [0], high = [1], interior = [1] : (tensor<2xf32>, tensor<f32>) -> tensor<4xf32>
    %cst_7 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %54 = stablehlo.pad %38, %cst_7, low = [1], high = [0], interior = [1] : (tensor<2xf32>, tensor<f32>) -> tensor<4xf32>
    %55 = stablehlo.add %53, %54 : tensor<4xf32>
    %56 = stablehlo.slice %52 [0:3] : (tensor<4xf32>) -> tensor<3xf32>
    %57 = stablehlo.slice %55 [0:3] : (tensor<4xf32>) -> tensor<3xf32>
    %58 = stablehlo.slice %0 [2:8:2] : (tensor<8xf32>) -> tensor<3xf32>
    %59 = stablehlo.slice %arg0 [2:8:2] : (tensor<8xf32>) -> tensor<3xf32>
    %60 = stablehlo.multiply %56, %58 : tensor<3xf32>
    %61 = stablehlo.multiply %57, %58 : tensor<3xf32>
    %62 = stablehlo.add %61, %59 : tensor<3xf32>
    %63 = stablehlo.slice %0 [0:1] : (tensor<8xf32>) -> tensor<1xf32>
    %64 = stablehlo.concatenate %63, %60, dim = 0 : (tensor<1xf32>, tensor<3xf32>) -> tensor<4xf32>
    %65 = stablehlo.slice %arg0 [0:1] : (tensor<8xf32>) -> tensor<1xf32>
    %66 = stablehlo.concatenate %65, %62, dim = 0 : (tensor<1xf32>, tensor<3xf32>) -> tensor<4xf32>
    %cst_8 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %67 = stablehlo.pad %64, %cst_8, low = [0], high = [1], interior = [1] : (tensor<4xf32>, tensor<f32>) -> tensor<8xf32>
    %cst_9 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %68 = stablehlo.pad %52, %cst_9, low = [1], high = [0], interior = [1] : (tensor<4xf32>, tensor<f32>) -> tensor<8xf32>
    %69 = stablehlo.add %67, %68 : tensor<8xf32>
    %cst_10 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %70 = stablehlo.pad %66, %cst_10, low = [0], high = [1], interior = [1] : (tensor<4xf32>, tensor<f32>) -> tensor<8xf32>
    %cst_11 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %71 = stablehlo.pad %55, %cst_11, low = [1], high = [0], interior = [1] : (tensor<4xf32>, tensor<f32>) -> tensor<8xf32>
    %72 = stablehlo.add %70, %71 : tensor<8xf32>
    return %72 : tensor<8xf32>
  }
}
