module @jit_flat_fn attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<32x32xf32>, %arg1: tensor<32xf32>, %arg2: tensor<64x36xf32>, %arg3: tensor<36xf32>, %arg4: tensor<48x40xf32>, %arg5: tensor<40xf32>, %arg6: tensor<128x44xf32>, %arg7: tensor<44xf32>, %arg8: tensor<16x48xf32>, %arg9: tensor<48xf32>, %arg10: tensor<80x52xf32>, %arg11: tensor<52xf32>, %arg12: tensor<24x56xf32>, %arg13: tensor<56xf32>, %arg14: tensor<100x60xf32>, %arg15: tensor<60xf32>, %arg16: tensor<40x64xf32>, %arg17: tensor<64xf32>, %arg18: tensor<60x68xf32>, %arg19: tensor<68xf32>, %arg20: tensor<20x72xf32>, %arg21: tensor<72xf32>, %arg22: tensor<50x76xf32>, %arg23: tensor<76xf32>, %arg24: tensor<32x32xf32>, %arg25: tensor<32xf32>, %arg26: tensor<64x36xf32>, %arg27: tensor<36xf32>, %arg28: tensor<48x40xf32>, %arg29: tensor<40xf32>, %arg30: tensor<128x44xf32>, %arg31: tensor<44xf32>, %arg32: tensor<16x48xf32>, %arg33: tensor<48xf32>, %arg34: tensor<80x52xf32>, %arg35: tensor<52xf32>, %arg36: tensor<24x56xf32>, %arg37: tensor<56xf32>, %arg38: tensor<100x60xf32>, %arg39: tensor<60xf32>, %arg40: tensor<40x64xf32>, %arg41: tensor<64xf32>, %arg42: tensor<60x68xf32>, %arg43: tensor<68xf32>, %arg44: tensor<20x72xf32>, %arg45: tensor<72xf32>, %arg46: tensor<50x76xf32>, %arg47: tensor<76xf32>, %arg48: tensor<32x32xf32>, %arg49: tensor<32xf32>, %arg50: tensor<64x36xf32>, %arg51: tensor<36xf32>, %arg52: tensor<48x40xf32>, %arg53: tensor<40xf32>, %arg54: tensor<128x44xf32>, %arg55: tensor<44xf32>, %arg56: tensor<16x48xf32>, %arg57: tensor<48xf32>, %arg58: tensor<80x52xf32>, %arg59: tensor<52xf32>, %arg60: tensor<24x56xf32>, %arg61: tensor<56xf32>, %arg62: tensor<100x60xf32>, %arg63: tensor<60xf32>, %arg64: tensor<40x64xf32>, %arg65: tensor<64xf32>, %arg66: tensor<60x68xf32>, %arg67: tensor<68xf32>, %arg68: tensor<20x72xf32>, %arg69: tensor<72xf32>, %arg70: tensor<50x76xf32>, %arg71: tensor<76xf32>, %arg72: tensor<i32>, %arg73: tensor<32x32xf32>, %arg74: tensor<32xf32>, %arg75: tensor<64x36xf32>, %arg76: tensor<36xf32>, %arg77: tensor<48x40xf32>, %arg78: tensor<40xf32>, %arg79: tensor<128x44xf32>, %arg80: tensor<44xf32>, %arg81: tensor<16x48xf32>, %arg82: tensor<48xf32>, %arg83: tensor<80x52xf32>, %arg84: tensor<52xf32>, %arg85: tensor<24x56xf32>, %arg86: tensor<56xf32>, %arg87: tensor<100x60xf32>, %arg88: tensor<60xf32>, %arg89: tensor<40x64xf32>, %arg90: tensor<64xf32>, %arg91: tensor<60x68xf32>, %arg92: tensor<68xf32>, %arg93: tensor<20x72xf32>, %arg94: tensor<72xf32>, %arg95: tensor<50x76xf32>, %arg96: tensor<76xf32>) -> (tensor<32x32xf32> {jax.result_info = "result[0]"}, tensor<32xf32> {jax.result_info = "result[1]"}, tensor<64x36xf32> {jax.result_info = "result[2]"}, tensor<36xf32> {jax.result_info = "result[3]"}, tensor<48x40xf32> {jax.result_info = "result[4]"}, tensor<40xf32> {jax.result_info = "result[5]"}, tensor<128x44xf32> {jax.result_info = "result[6]"}, tensor<44xf32> {jax.result_info = "result[7]"}, tensor<16x48xf32> {jax.result_info = "result[8]"}, tensor<48xf32> {jax.result_info = "result[9]"}, tensor<80x52xf32> {jax.result_info = "result[10]"}, tensor<52xf32> {jax.result_info = "result[11]"}, tensor<24x56xf32> {jax.result_info = "result[12]"}, tensor<56xf32> {jax.result_info = "result[13]"}, tensor<100x60xf32> {jax.result_info = "result[14]"}, tensor<60xf32> {jax.result_info = "result[15]"}, tensor<40x64xf32> {jax.result_info = "result[16]"}, tensor<64xf32> {jax.result_info = "result[17]"}, tensor<60x68xf32> {jax.result_info = "result[18]"}, tensor<68xf32> {jax.result_info = "result[19]"}, tensor<20x72xf32> {jax.result_info = "result[20]"}, tensor<72xf32> {jax.result_info = "result[21]"}, tensor<50x76xf32> {jax.result_info = "result[22]"}, tensor<76xf32> {jax.result_info = "result[23]"}, tensor<32x32xf32> {jax.result_info = "result[24]"}, tensor<32xf32> {jax.result_info = "result[25]"}, tensor<64x36xf32> {jax.result_info = "result[26]"}, tensor<36xf32> {jax.result_info = "result[27]"}, tensor<48x40xf32> {jax.result_info = "result[28]"}, tensor<40xf32> {jax.result_info = "result[29]"}, tensor<128x44xf32> {jax.result_info = "result[30]"}, tensor<44xf32> {jax.result_info = "result[31]"}, tensor<16x48xf32> {jax.result_info = "result[32]"}, tensor<48xf32> {jax.result_info = "result[33]"}, tensor<80x52xf32> {jax.result_info = "result[34]"}, tensor<52xf32> {jax.result_info = "result[35]"}, tensor<24x56xf32> {jax.result_info = "result[36]"}, tensor<56xf32> {jax.result_info = "result[37]"}, tensor<100x60xf32> {jax.result_info = "result[38]"}, tensor<60xf32> {jax.result_info = "result[39]"}, tensor<40x64xf32> {jax.result_info = "result[40]"}, tensor<64xf32> {jax.result_info = "result[41]"}, tensor<60x68xf32> {jax.result_info = "result[42]"}, tensor<68xf32> {jax.result_info = "result[43]"}, tensor<20x72xf32> {jax.result_info = "result[44]"}, tensor<72xf32> {jax.result_info = "result[45]"}, tensor<50x76xf32> {jax.result_info = "result[46]"}, tensor<76xf32> {jax.result_info = "result[47]"}, tensor<32x32xf32> {jax.result_info = "result[48]"}, tensor<32xf32> {jax.result_info = "result[49]"}, tensor<64x36xf32> {jax.result_info = "result[50]"}, tensor<36xf32> {jax.result_info = "result[51]"}, tensor<48x40xf32> {jax.result_info = "result[52]"}, tensor<40xf32> {jax.result_info = "result[53]"}, tensor<128x44xf32> {jax.result_info = "result[54]"}, tensor<44xf32> {jax.result_info = "result[55]"}, tensor<16x48xf32> {jax.result_info = "result[56]"}, tensor<48xf32> {jax.result_info = "result[57]"}, tensor<80x52xf32> {jax.result_info = "result[58]"}, tensor<52xf32> {jax.result_info = "result[59]"}, tensor<24x56xf32> {jax.result_info = "result[60]"}, tensor<56xf32> {jax.result_info = "result[61]"}, tensor<100x60xf32> {jax.result_info = "result[62]"}, tensor<60xf32> {jax.result_info = "result[63]"}, tensor<40x64xf32> {jax.result_info = "result[64]"}, tensor<64xf32> {jax.result_info = "result[65]"}, tensor<60x68xf32> {jax.result_info = "result[66]"}, tensor<68xf32> {jax.result_info = "result[67]"}, tensor<20x72xf32> {jax.result_info = "result[68]"}, tensor<72xf32> {jax.result_info = "result[69]"}, tensor<50x76xf32> {jax.result_info = "result[70]"}, tensor<76xf32> {jax.result_info = "result[71]"}) {
    %0 = stablehlo.convert %arg72 : (tensor<i32>) -> tensor<f32>
    %cst = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %1 = stablehlo.add %0, %cst : tensor<f32>
    %cst_0 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<32x32xf32>
    %3 = stablehlo.multiply %2, %arg24 : tensor<32x32xf32>
    %cst_1 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %4 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<32x32xf32>
    %5 = stablehlo.multiply %4, %arg0 : tensor<32x32xf32>
    %6 = stablehlo.add %3, %5 : tensor<32x32xf32>
    %cst_2 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %7 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<32x32xf32>
    %8 = stablehlo.multiply %7, %arg73 : tensor<32x32xf32>
    %cst_3 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %9 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<32x32xf32>
    %10 = stablehlo.multiply %9, %arg0 : tensor<32x32xf32>
    %11 = stablehlo.multiply %10, %arg0 : tensor<32x32xf32>
    %12 = stablehlo.add %8, %11 : tensor<32x32xf32>
    %cst_4 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %13 = stablehlo.power %cst_4, %1 : tensor<f32>
    %cst_5 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %14 = stablehlo.subtract %cst_5, %13 : tensor<f32>
    %15 = stablehlo.broadcast_in_dim %14, dims = [] : (tensor<f32>) -> tensor<32x32xf32>
    %16 = stablehlo.divide %6, %15 : tensor<32x32xf32>
    %cst_6 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %17 = stablehlo.power %cst_6, %1 : tensor<f32>
    %cst_7 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %18 = stablehlo.subtract %cst_7, %17 : tensor<f32>
    %19 = stablehlo.broadcast_in_dim %18, dims = [] : (tensor<f32>) -> tensor<32x32xf32>
    %20 = stablehlo.divide %12, %19 : tensor<32x32xf32>
    %21 = stablehlo.sqrt %20 : tensor<32x32xf32>
    %cst_8 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %22 = stablehlo.broadcast_in_dim %cst_8, dims = [] : (tensor<f32>) -> tensor<32x32xf32>
    %23 = stablehlo.add %21, %22 : tensor<32x32xf32>
    %24 = stablehlo.divide %16, %23 : tensor<32x32xf32>
    %cst_9 = stablehlo.constant dense<9.99999974E-5> : tensor<f32>
    %25 = stablehlo.broadcast_in_dim %cst_9, dims = [] : (tensor<f32>) -> tensor<32x32xf32>
    %26 = stablehlo.multiply %25, %arg48 : tensor<32x32xf32>
    %27 = stablehlo.add %24, %26 : tensor<32x32xf32>
    %cst_10 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %28 = stablehlo.broadcast_in_dim %cst_10, dims = [] : (tensor<f32>) -> tensor<32x32xf32>
    %29 = stablehlo.multiply %28, %27 : tensor<32x32xf32>
    %30 = stablehlo.subtract %arg48, %29 : tensor<32x32xf32>
    %cst_11 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %31 = stablehlo.broadcast_in_dim %cst_11, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %32 = stablehlo.multiply %31, %arg25 : tensor<32xf32>
    %cst_12 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %33 = stablehlo.broadcast_in_dim %cst_12, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %34 = stablehlo.multiply %33, %arg1 : tensor<32xf32>
    %35 = stablehlo.add %32, %34 : tensor<32xf32>
    %cst_13 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %36 = stablehlo.broadcast_in_dim %cst_13, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %37 = stablehlo.multiply %36, %arg74 : tensor<32xf32>
    %cst_14 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %38 = stablehlo.broadcast_in_dim %cst_14, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %39 = stablehlo.multiply %38, %arg1 : tensor<32xf32>
    %40 = stablehlo.multiply %39, %arg1 : tensor<32xf32>
    %41 = stablehlo.add %37, %40 : tensor<32xf32>
    %cst_15 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %42 = stablehlo.power %cst_15, %1 : tensor<f32>
    %cst_16 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %43 = stablehlo.subtract %cst_16, %42 : tensor<f32>
    %44 = stablehlo.broadcast_in_dim %43, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %45 = stablehlo.divide %35, %44 : tensor<32xf32>
    %cst_17 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %46 = stablehlo.power %cst_17, %1 : tensor<f32>
    %cst_18 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %47 = stablehlo.subtract %cst_18, %46 : tensor<f32>
    %48 = stablehlo.broadcast_in_dim %47, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %49 = stablehlo.divide %41, %48 : tensor<32xf32>
    %50 = stablehlo.sqrt %49 : tensor<32xf32>
    %cst_19 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %51 = stablehlo.broadcast_in_dim %cst_19, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %52 = stablehlo.add %50, %51 : tensor<32xf32>
    %53 = stablehlo.divide %45, %52 : tensor<32xf32>
    %cst_20 = stablehlo.constant dense<9.99999974E-5> : tensor<f32>
    %54 = stablehlo.broadcast_in_dim %cst_20, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %55 = stablehlo.multiply %54, %arg49 : tensor<32xf32>
    %56 = stablehlo.add %53, %55 : tensor<32xf32>
    %cst_21 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %57 = stablehlo.broadcast_in_dim %cst_21, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %58 = stablehlo.multiply %57, %56 : tensor<32xf32>
    %59 = stablehlo.subtract %arg49, %58 : tensor<32xf32>
    %cst_22 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %60 = stablehlo.broadcast_in_dim %cst_22, dims = [] : (tensor<f32>) -> tensor<64x36xf32>
    %61 = stablehlo.multiply %60, %arg26 : tensor<64x36xf32>
    %cst_23 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %62 = stablehlo.broadcast_in_dim %cst_23, dims = [] : (tensor<f32>) -> tensor<64x36xf32>
    %63 = stablehlo.multiply %62, %arg2 : tensor<64x36xf32>
    %64 = stablehlo.add %61, %63 : tensor<64x36xf32>
    %cst_24 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %65 = stablehlo.broadcast_in_dim %cst_24, dims = [] : (tensor<f32>) -> tensor<64x36xf32>
    %66 = stablehlo.multiply %65, %arg75 : tensor<64x36xf32>
    %cst_25 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %67 = stablehlo.broadcast_in_dim %cst_25, dims = [] : (tensor<f32>) -> tensor<64x36xf32>
    %68 = stablehlo.multiply %67, %arg2 : tensor<64x36xf32>
    %69 = stablehlo.multiply %68, %arg2 : tensor<64x36xf32>
    %70 = stablehlo.add %66, %69 : tensor<64x36xf32>
    %cst_26 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %71 = stablehlo.power %cst_26, %1 : tensor<f32>
    %cst_27 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %72 = stablehlo.subtract %cst_27, %71 : tensor<f32>
    %73 = stablehlo.broadcast_in_dim %72, dims = [] : (tensor<f32>) -> tensor<64x36xf32>
    %74 = stablehlo.divide %64, %73 : tensor<64x36xf32>
    %cst_28 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %75 = stablehlo.power %cst_28, %1 : tensor<f32>
    %cst_29 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %76 = stablehlo.subtract %cst_29, %75 : tensor<f32>
    %77 = stablehlo.broadcast_in_dim %76, dims = [] : (tensor<f32>) -> tensor<64x36xf32>
    %78 = stablehlo.divide %70, %77 : tensor<64x36xf32>
    %79 = stablehlo.sqrt %78 : tensor<64x36xf32>
    %cst_30 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %80 = stablehlo.broadcast_in_dim %cst_30, dims = [] : (tensor<f32>) -> tensor<64x36xf32>
    %81 = stablehlo.add %79, %80 : tensor<64x36xf32>
    %82 = stablehlo.divide %74, %81 : tensor<64x36xf32>
    %cst_31 = stablehlo.constant dense<9.99999974E-5> : tensor<f32>
    %83 = stablehlo.broadcast_in_dim %cst_31, dims = [] : (tensor<f32>) -> tensor<64x36xf32>
    %84 = stablehlo.multiply %83, %arg50 : tensor<64x36xf32>
    %85 = stablehlo.add %82, %84 : tensor<64x36xf32>
    %cst_32 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %86 = stablehlo.broadcast_in_dim %cst_32, dims = [] : (tensor<f32>) -> tensor<64x36xf32>
    %87 = stablehlo.multiply %86, %85 : tensor<64x36xf32>
    %88 = stablehlo.subtract %arg50, %87 : tensor<64x36xf32>
    %cst_33 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %89 = stablehlo.broadcast_in_dim %cst_33, dims = [] : (tensor<f32>) -> tensor<36xf32>
    %90 = stablehlo.multiply %89, %arg27 : tensor<36xf32>
    %cst_34 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %91 = stablehlo.broadcast_in_dim %cst_34, dims = [] : (tensor<f32>) -> tensor<36xf32>
    %92 = stablehlo.multiply %91, %arg3 : tensor<36xf32>
    %93 = stablehlo.add %90, %92 : tensor<36xf32>
    %cst_35 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %94 = stablehlo.broadcast_in_dim %cst_35, dims = [] : (tensor<f32>) -> tensor<36xf32>
    %95 = stablehlo.multiply %94, %arg76 : tensor<36xf32>
    %cst_36 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %96 = stablehlo.broadcast_in_dim %cst_36, dims = [] : (tensor<f32>) -> tensor<36xf32>
    %97 = stablehlo.multiply %96, %arg3 : tensor<36xf32>
    %98 = stablehlo.multiply %97, %arg3 : tensor<36xf32>
    %99 = stablehlo.add %95, %98 : tensor<36xf32>
    %cst_37 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %100 = stablehlo.power %cst_37, %1 : tensor<f32>
    %cst_38 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %101 = stablehlo.subtract %cst_38, %100 : tensor<f32>
    %102 = stablehlo.broadcast_in_dim %101, dims = [] : (tensor<f32>) -> tensor<36xf32>
    %103 = stablehlo.divide %93, %102 : tensor<36xf32>
    %cst_39 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %104 = stablehlo.power %cst_39, %1 : tensor<f32>
    %cst_40 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %105 = stablehlo.subtract %cst_40, %104 : tensor<f32>
    %106 = stablehlo.broadcast_in_dim %105, dims = [] : (tensor<f32>) -> tensor<36xf32>
    %107 = stablehlo.divide %99, %106 : tensor<36xf32>
    %108 = stablehlo.sqrt %107 : tensor<36xf32>
    %cst_41 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %109 = stablehlo.broadcast_in_dim %cst_41, dims = [] : (tensor<f32>) -> tensor<36xf32>
    %110 = stablehlo.add %108, %109 : tensor<36xf32>
    %111 = stablehlo.divide %103, %110 : tensor<36xf32>
    %cst_42 = stablehlo.constant dense<9.99999974E-5> : tensor<f32>
    %112 = stablehlo.broadcast_in_dim %cst_42, dims = [] : (tensor<f32>) -> tensor<36xf32>
    %113 = stablehlo.multiply %112, %arg51 : tensor<36xf32>
    %114 = stablehlo.add %111, %113 : tensor<36xf32>
    %cst_43 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %115 = stablehlo.broadcast_in_dim %cst_43, dims = [] : (tensor<f32>) -> tensor<36xf32>
    %116 = stablehlo.multiply %115, %114 : tensor<36xf32>
    %117 = stablehlo.subtract %arg51, %116 : tensor<36xf32>
    %cst_44 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %118 = stablehlo.broadcast_in_dim %cst_44, dims = [] : (tensor<f32>) -> tensor<48x40xf32>
    %119 = stablehlo.multiply %118, %arg28 : tensor<48x40xf32>
    %cst_45 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %120 = stablehlo.broadcast_in_dim %cst_45, dims = [] : (tensor<f32>) -> tensor<48x40xf32>
    %121 = stablehlo.multiply %120, %arg4 : tensor<48x40xf32>
    %122 = stablehlo.add %119, %121 : tensor<48x40xf32>
    %cst_46 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %123 = stablehlo.broadcast_in_dim %cst_46, dims = [] : (tensor<f32>) -> tensor<48x40xf32>
    %124 = stablehlo.multiply %123, %arg77 : tensor<48x40xf32>
    %cst_47 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %125 = stablehlo.broadcast_in_dim %cst_47, dims = [] : (tensor<f32>) -> tensor<48x40xf32>
    %126 = stablehlo.multiply %125, %arg4 : tensor<48x40xf32>
    %127 = stablehlo.multiply %126, %arg4 : tensor<48x40xf32>
    %128 = stablehlo.add %124, %127 : tensor<48x40xf32>
    %cst_48 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %129 = stablehlo.power %cst_48, %1 : tensor<f32>
    %cst_49 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %130 = stablehlo.subtract %cst_49, %129 : tensor<f32>
    %131 = stablehlo.broadcast_in_dim %130, dims = [] : (tensor<f32>) -> tensor<48x40xf32>
    %132 = stablehlo.divide %122, %131 : tensor<48x40xf32>
    %cst_50 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %133 = stablehlo.power %cst_50, %1 : tensor<f32>
    %cst_51 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %134 = stablehlo.subtract %cst_51, %133 : tensor<f32>
    %135 = stablehlo.broadcast_in_dim %134, dims = [] : (tensor<f32>) -> tensor<48x40xf32>
    %136 = stablehlo.divide %128, %135 : tensor<48x40xf32>
    %137 = stablehlo.sqrt %136 : tensor<48x40xf32>
    %cst_52 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %138 = stablehlo.broadcast_in_dim %cst_52, dims = [] : (tensor<f32>) -> tensor<48x40xf32>
    %139 = stablehlo.add %137, %138 : tensor<48x40xf32>
    %140 = stablehlo.divide %132, %139 : tensor<48x40xf32>
    %cst_53 = stablehlo.constant dense<9.99999974E-5> : tensor<f32>
    %141 = stablehlo.broadcast_in_dim %cst_53, dims = [] : (tensor<f32>) -> tensor<48x40xf32>
    %142 = stablehlo.multiply %141, %arg52 : tensor<48x40xf32>
    %143 = stablehlo.add %140, %142 : tensor<48x40xf32>
    %cst_54 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %144 = stablehlo.broadcast_in_dim %cst_54, dims = [] : (tensor<f32>) -> tensor<48x40xf32>
    %145 = stablehlo.multiply %144, %143 : tensor<48x40xf32>
    %146 = stablehlo.subtract %arg52, %145 : tensor<48x40xf32>
    %cst_55 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %147 = stablehlo.broadcast_in_dim %cst_55, dims = [] : (tensor<f32>) -> tensor<40xf32>
    %148 = stablehlo.multiply %147, %arg29 : tensor<40xf32>
    %cst_56 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %149 = stablehlo.broadcast_in_dim %cst_56, dims = [] : (tensor<f32>) -> tensor<40xf32>
    %150 = stablehlo.multiply %149, %arg5 : tensor<40xf32>
    %151 = stablehlo.add %148, %150 : tensor<40xf32>
    %cst_57 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %152 = stablehlo.broadcast_in_dim %cst_57, dims = [] : (tensor<f32>) -> tensor<40xf32>
    %153 = stablehlo.multiply %152, %arg78 : tensor<40xf32>
    %cst_58 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %154 = stablehlo.broadcast_in_dim %cst_58, dims = [] : (tensor<f32>) -> tensor<40xf32>
    %155 = stablehlo.multiply %154, %arg5 : tensor<40xf32>
    %156 = stablehlo.multiply %155, %arg5 : tensor<40xf32>
    %157 = stablehlo.add %153, %156 : tensor<40xf32>
    %cst_59 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %158 = stablehlo.power %cst_59, %1 : tensor<f32>
    %cst_60 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %159 = stablehlo.subtract %cst_60, %158 : tensor<f32>
    %160 = stablehlo.broadcast_in_dim %159, dims = [] : (tensor<f32>) -> tensor<40xf32>
    %161 = stablehlo.divide %151, %160 : tensor<40xf32>
    %cst_61 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %162 = stablehlo.power %cst_61, %1 : tensor<f32>
    %cst_62 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %163 = stablehlo.subtract %cst_62, %162 : tensor<f32>
    %164 = stablehlo.broadcast_in_dim %163, dims = [] : (tensor<f32>) -> tensor<40xf32>
    %165 = stablehlo.divide %157, %164 : tensor<40xf32>
    %166 = stablehlo.sqrt %165 : tensor<40xf32>
    %cst_63 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %167 = stablehlo.broadcast_in_dim %cst_63, dims = [] : (tensor<f32>) -> tensor<40xf32>
    %168 = stablehlo.add %166, %167 : tensor<40xf32>
    %169 = stablehlo.divide %161, %168 : tensor<40xf32>
    %cst_64 = stablehlo.constant dense<9.99999974E-5> : tensor<f32>
    %170 = stablehlo.broadcast_in_dim %cst_64, dims = [] : (tensor<f32>) -> tensor<40xf32>
    %171 = stablehlo.multiply %170, %arg53 : tensor<40xf32>
    %172 = stablehlo.add %169, %171 : tensor<40xf32>
    %cst_65 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %173 = stablehlo.broadcast_in_dim %cst_65, dims = [] : (tensor<f32>) -> tensor<40xf32>
    %174 = stablehlo.multiply %173, %172 : tensor<40xf32>
    %175 = stablehlo.subtract %arg53, %174 : tensor<40xf32>
    %cst_66 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %176 = stablehlo.broadcast_in_dim %cst_66, dims = [] : (tensor<f32>) -> tensor<128x44xf32>
    %177 = stablehlo.multiply %176, %arg30 : tensor<128x44xf32>
    %cst_67 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %178 = stablehlo.broadcast_in_dim %cst_67, dims = [] : (tensor<f32>) -> tensor<128x44xf32>
    %179 = stablehlo.multiply %178, %arg6 : tensor<128x44xf32>
    %180 = stablehlo.add %177, %179 : tensor<128x44xf32>
    %cst_68 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %181 = stablehlo.broadcast_in_dim %cst_68, dims = [] : (tensor<f32>) -> tensor<128x44xf32>
    %182 = stablehlo.multiply %181, %arg79 : tensor<128x44xf32>
    %cst_69 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %183 = stablehlo.broadcast_in_dim %cst_69, dims = [] : (tensor<f32>) -> tensor<128x44xf32>
    %184 = stablehlo.multiply %183, %arg6 : tensor<128x44xf32>
    %185 = stablehlo.multiply %184, %arg6 : tensor<128x44xf32>
    %186 = stablehlo.add %182, %185 : tensor<128x44xf32>
    %cst_70 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %187 = stablehlo.power %cst_70, %1 : tensor<f32>
    %cst_71 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %188 = stablehlo.subtract %cst_71, %187 : tensor<f32>
    %189 = stablehlo.broadcast_in_dim %188, dims = [] : (tensor<f32>) -> tensor<128x44xf32>
    %190 = stablehlo.divide %180, %189 : tensor<128x44xf32>
    %cst_72 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %191 = stablehlo.power %cst_72, %1 : tensor<f32>
    %cst_73 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %192 = stablehlo.subtract %cst_73, %191 : tensor<f32>
    %193 = stablehlo.broadcast_in_dim %192, dims = [] : (tensor<f32>) -> tensor<128x44xf32>
    %194 = stablehlo.divide %186, %193 : tensor<128x44xf32>
    %195 = stablehlo.sqrt %194 : tensor<128x44xf32>
    %cst_74 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %196 = stablehlo.broadcast_in_dim %cst_74, dims = [] : (tensor<f32>) -> tensor<128x44xf32>
    %197 = stablehlo.add %195, %196 : tensor<128x44xf32>
    %198 = stablehlo.divide %190, %197 : tensor<128x44xf32>
    %cst_75 = stablehlo.constant dense<9.99999974E-5> : tensor<f32>
    %199 = stablehlo.broadcast_in_dim %cst_75, dims = [] : (tensor<f32>) -> tensor<128x44xf32>
    %200 = stablehlo.multiply %199, %arg54 : tensor<128x44xf32>
    %201 = stablehlo.add %198, %200 : tensor<128x44xf32>
    %cst_76 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %202 = stablehlo.broadcast_in_dim %cst_76, dims = [] : (tensor<f32>) -> tensor<128x44xf32>
    %203 = stablehlo.multiply %202, %201 : tensor<128x44xf32>
    %204 = stablehlo.subtract %arg54, %203 : tensor<128x44xf32>
    %cst_77 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %205 = stablehlo.broadcast_in_dim %cst_77, dims = [] : (tensor<f32>) -> tensor<44xf32>
    %206 = stablehlo.multiply %205, %arg31 : tensor<44xf32>
    %cst_78 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %207 = stablehlo.broadcast_in_dim %cst_78, dims = [] : (tensor<f32>) -> tensor<44xf32>
    %208 = stablehlo.multiply %207, %arg7 : tensor<44xf32>
    %209 = stablehlo.add %206, %208 : tensor<44xf32>
    %cst_79 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %210 = stablehlo.broadcast_in_dim %cst_79, dims = [] : (tensor<f32>) -> tensor<44xf32>
    %211 = stablehlo.multiply %210, %arg80 : tensor<44xf32>
    %cst_80 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %212 = stablehlo.broadcast_in_dim %cst_80, dims = [] : (tensor<f32>) -> tensor<44xf32>
    %213 = stablehlo.multiply %212, %arg7 : tensor<44xf32>
    %214 = stablehlo.multiply %213, %arg7 : tensor<44xf32>
    %215 = stablehlo.add %211, %214 : tensor<44xf32>
    %cst_81 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %216 = stablehlo.power %cst_81, %1 : tensor<f32>
    %cst_82 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %217 = stablehlo.subtract %cst_82, %216 : tensor<f32>
    %218 = stablehlo.broadcast_in_dim %217, dims = [] : (tensor<f32>) -> tensor<44xf32>
    %219 = stablehlo.divide %209, %218 : tensor<44xf32>
    %cst_83 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %220 = stablehlo.power %cst_83, %1 : tensor<f32>
    %cst_84 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %221 = stablehlo.subtract %cst_84, %220 : tensor<f32>
    %222 = stablehlo.broadcast_in_dim %221, dims = [] : (tensor<f32>) -> tensor<44xf32>
    %223 = stablehlo.divide %215, %222 : tensor<44xf32>
    %224 = stablehlo.sqrt %223 : tensor<44xf32>
    %cst_85 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %225 = stablehlo.broadcast_in_dim %cst_85, dims = [] : (tensor<f32>) -> tensor<44xf32>
    %226 = stablehlo.add %224, %225 : tensor<44xf32>
    %227 = stablehlo.divide %219, %226 : tensor<44xf32>
    %cst_86 = stablehlo.constant dense<9.99999974E-5> : tensor<f32>
    %228 = stablehlo.broadcast_in_dim %cst_86, dims = [] : (tensor<f32>) -> tensor<44xf32>
    %229 = stablehlo.multiply %228, %arg55 : tensor<44xf32>
    %230 = stablehlo.add %227, %229 : tensor<44xf32>
    %cst_87 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %231 = stablehlo.broadcast_in_dim %cst_87, dims = [] : (tensor<f32>) -> tensor<44xf32>
    %232 = stablehlo.multiply %231, %230 : tensor<44xf32>
    %233 = stablehlo.subtract %arg55, %232 : tensor<44xf32>
    %cst_88 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %234 = stablehlo.broadcast_in_dim %cst_88, dims = [] : (tensor<f32>) -> tensor<16x48xf32>
    %235 = stablehlo.multiply %234, %arg32 : tensor<16x48xf32>
    %cst_89 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %236 = stablehlo.broadcast_in_dim %cst_89, dims = [] : (tensor<f32>) -> tensor<16x48xf32>
    %237 = stablehlo.multiply %236, %arg8 : tensor<16x48xf32>
    %238 = stablehlo.add %235, %237 : tensor<16x48xf32>
    %cst_90 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %239 = stablehlo.broadcast_in_dim %cst_90, dims = [] : (tensor<f32>) -> tensor<16x48xf32>
    %240 = stablehlo.multiply %239, %arg81 : tensor<16x48xf32>
    %cst_91 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %241 = stablehlo.broadcast_in_dim %cst_91, dims = [] : (tensor<f32>) -> tensor<16x48xf32>
    %242 = stablehlo.multiply %241, %arg8 : tensor<16x48xf32>
    %243 = stablehlo.multiply %242, %arg8 : tensor<16x48xf32>
    %244 = stablehlo.add %240, %243 : tensor<16x48xf32>
    %cst_92 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %245 = stablehlo.power %cst_92, %1 : tensor<f32>
    %cst_93 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %246 = stablehlo.subtract %cst_93, %245 : tensor<f32>
    %247 = stablehlo.broadcast_in_dim %246, dims = [] : (tensor<f32>) -> tensor<16x48xf32>
    %248 = stablehlo.divide %238, %247 : tensor<16x48xf32>
    %cst_94 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %249 = stablehlo.power %cst_94, %1 : tensor<f32>
    %cst_95 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %250 = stablehlo.subtract %cst_95, %249 : tensor<f32>
    %251 = stablehlo.broadcast_in_dim %250, dims = [] : (tensor<f32>) -> tensor<16x48xf32>
    %252 = stablehlo.divide %244, %251 : tensor<16x48xf32>
    %253 = stablehlo.sqrt %252 : tensor<16x48xf32>
    %cst_96 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %254 = stablehlo.broadcast_in_dim %cst_96, dims = [] : (tensor<f32>) -> tensor<16x48xf32>
    %255 = stablehlo.add %253, %254 : tensor<16x48xf32>
    %256 = stablehlo.divide %248, %255 : tensor<16x48xf32>
    %cst_97 = stablehlo.constant dense<9.99999974E-5> : tensor<f32>
    %257 = stablehlo.broadcast_in_dim %cst_97, dims = [] : (tensor<f32>) -> tensor<16x48xf32>
    %258 = stablehlo.multiply %257, %arg56 : tensor<16x48xf32>
    %259 = stablehlo.add %256, %258 : tensor<16x48xf32>
    %cst_98 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %260 = stablehlo.broadcast_in_dim %cst_98, dims = [] : (tensor<f32>) -> tensor<16x48xf32>
    %261 = stablehlo.multiply %260, %259 : tensor<16x48xf32>
    %262 = stablehlo.subtract %arg56, %261 : tensor<16x48xf32>
    %cst_99 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %263 = stablehlo.broadcast_in_dim %cst_99, dims = [] : (tensor<f32>) -> tensor<48xf32>
    %264 = stablehlo.multiply %263, %arg33 : tensor<48xf32>
    %cst_100 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %265 = stablehlo.broadcast_in_dim %cst_100, dims = [] : (tensor<f32>) -> tensor<48xf32>
    %266 = stablehlo.multiply %265, %arg9 : tensor<48xf32>
    %267 = stablehlo.add %264, %266 : tensor<48xf32>
    %cst_101 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %268 = stablehlo.broadcast_in_dim %cst_101, dims = [] : (tensor<f32>) -> tensor<48xf32>
    %269 = stablehlo.multiply %268, %arg82 : tensor<48xf32>
    %cst_102 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %270 = stablehlo.broadcast_in_dim %cst_102, dims = [] : (tensor<f32>) -> tensor<48xf32>
    %271 = stablehlo.multiply %270, %arg9 : tensor<48xf32>
    %272 = stablehlo.multiply %271, %arg9 : tensor<48xf32>
    %273 = stablehlo.add %269, %272 : tensor<48xf32>
    %cst_103 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %274 = stablehlo.power %cst_103, %1 : tensor<f32>
    %cst_104 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %275 = stablehlo.subtract %cst_104, %274 : tensor<f32>
    %276 = stablehlo.broadcast_in_dim %275, dims = [] : (tensor<f32>) -> tensor<48xf32>
    %277 = stablehlo.divide %267, %276 : tensor<48xf32>
    %cst_105 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %278 = stablehlo.power %cst_105, %1 : tensor<f32>
    %cst_106 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %279 = stablehlo.subtract %cst_106, %278 : tensor<f32>
    %280 = stablehlo.broadcast_in_dim %279, dims = [] : (tensor<f32>) -> tensor<48xf32>
    %281 = stablehlo.divide %273, %280 : tensor<48xf32>
    %282 = stablehlo.sqrt %281 : tensor<48xf32>
    %cst_107 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %283 = stablehlo.broadcast_in_dim %cst_107, dims = [] : (tensor<f32>) -> tensor<48xf32>
    %284 = stablehlo.add %282, %283 : tensor<48xf32>
    %285 = stablehlo.divide %277, %284 : tensor<48xf32>
    %cst_108 = stablehlo.constant dense<9.99999974E-5> : tensor<f32>
    %286 = stablehlo.broadcast_in_dim %cst_108, dims = [] : (tensor<f32>) -> tensor<48xf32>
    %287 = stablehlo.multiply %286, %arg57 : tensor<48xf32>
    %288 = stablehlo.add %285, %287 : tensor<48xf32>
    %cst_109 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %289 = stablehlo.broadcast_in_dim %cst_109, dims = [] : (tensor<f32>) -> tensor<48xf32>
    %290 = stablehlo.multiply %289, %288 : tensor<48xf32>
    %291 = stablehlo.subtract %arg57, %290 : tensor<48xf32>
    %cst_110 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %292 = stablehlo.broadcast_in_dim %cst_110, dims = [] : (tensor<f32>) -> tensor<80x52xf32>
    %293 = stablehlo.multiply %292, %arg34 : tensor<80x52xf32>
    %cst_111 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %294 = stablehlo.broadcast_in_dim %cst_111, dims = [] : (tensor<f32>) -> tensor<80x52xf32>
    %295 = stablehlo.multiply %294, %arg10 : tensor<80x52xf32>
    %296 = stablehlo.add %293, %295 : tensor<80x52xf32>
    %cst_112 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %297 = stablehlo.broadcast_in_dim %cst_112, dims = [] : (tensor<f32>) -> tensor<80x52xf32>
    %298 = stablehlo.multiply %297, %arg83 : tensor<80x52xf32>
    %cst_113 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %299 = stablehlo.broadcast_in_dim %cst_113, dims = [] : (tensor<f32>) -> tensor<80x52xf32>
    %300 = stablehlo.multiply %299, %arg10 : tensor<80x52xf32>
    %301 = stablehlo.multiply %300, %arg10 : tensor<80x52xf32>
    %302 = stablehlo.add %298, %301 : tensor<80x52xf32>
    %cst_114 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %303 = stablehlo.power %cst_114, %1 : tensor<f32>
    %cst_115 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %304 = stablehlo.subtract %cst_115, %303 : tensor<f32>
    %305 = stablehlo.broadcast_in_dim %304, dims = [] : (tensor<f32>) -> tensor<80x52xf32>
    %306 = stablehlo.divide %296, %305 : tensor<80x52xf32>
    %cst_116 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %307 = stablehlo.power %cst_116, %1 : tensor<f32>
    %cst_117 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %308 = stablehlo.subtract %cst_117, %307 : tensor<f32>
    %309 = stablehlo.broadcast_in_dim %308, dims = [] : (tensor<f32>) -> tensor<80x52xf32>
    %310 = stablehlo.divide %302, %309 : tensor<80x52xf32>
    %311 = stablehlo.sqrt %310 : tensor<80x52xf32>
    %cst_118 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %312 = stablehlo.broadcast_in_dim %cst_118, dims = [] : (tensor<f32>) -> tensor<80x52xf32>
    %313 = stablehlo.add %311, %312 : tensor<80x52xf32>
    %314 = stablehlo.divide %306, %313 : tensor<80x52xf32>
    %cst_119 = stablehlo.constant dense<9.99999974E-5> : tensor<f32>
    %315 = stablehlo.broadcast_in_dim %cst_119, dims = [] : (tensor<f32>) -> tensor<80x52xf32>
    %316 = stablehlo.multiply %315, %arg58 : tensor<80x52xf32>
    %317 = stablehlo.add %314, %316 : tensor<80x52xf32>
    %cst_120 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %318 = stablehlo.broadcast_in_dim %cst_120, dims = [] : (tensor<f32>) -> tensor<80x52xf32>
    %319 = stablehlo.multiply %318, %317 : tensor<80x52xf32>
    %320 = stablehlo.subtract %arg58, %319 : tensor<80x52xf32>
    %cst_121 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %321 = stablehlo.broadcast_in_dim %cst_121, dims = [] : (tensor<f32>) -> tensor<52xf32>
    %322 = stablehlo.multiply %321, %arg35 : tensor<52xf32>
    %cst_122 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %323 = stablehlo.broadcast_in_dim %cst_122, dims = [] : (tensor<f32>) -> tensor<52xf32>
    %324 = stablehlo.multiply %323, %arg11 : tensor<52xf32>
    %325 = stablehlo.add %322, %324 : tensor<52xf32>
    %cst_123 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %326 = stablehlo.broadcast_in_dim %cst_123, dims = [] : (tensor<f32>) -> tensor<52xf32>
    %327 = stablehlo.multiply %326, %arg84 : tensor<52xf32>
    %cst_124 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %328 = stablehlo.broadcast_in_dim %cst_124, dims = [] : (tensor<f32>) -> tensor<52xf32>
    %329 = stablehlo.multiply %328, %arg11 : tensor<52xf32>
    %330 = stablehlo.multiply %329, %arg11 : tensor<52xf32>
    %331 = stablehlo.add %327, %330 : tensor<52xf32>
    %cst_125 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %332 = stablehlo.power %cst_125, %1 : tensor<f32>
    %cst_126 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %333 = stablehlo.subtract %cst_126, %332 : tensor<f32>
    %334 = stablehlo.broadcast_in_dim %333, dims = [] : (tensor<f32>) -> tensor<52xf32>
    %335 = stablehlo.divide %325, %334 : tensor<52xf32>
    %cst_127 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %336 = stablehlo.power %cst_127, %1 : tensor<f32>
    %cst_128 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %337 = stablehlo.subtract %cst_128, %336 : tensor<f32>
    %338 = stablehlo.broadcast_in_dim %337, dims = [] : (tensor<f32>) -> tensor<52xf32>
    %339 = stablehlo.divide %331, %338 : tensor<52xf32>
    %340 = stablehlo.sqrt %339 : tensor<52xf32>
    %cst_129 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %341 = stablehlo.broadcast_in_dim %cst_129, dims = [] : (tensor<f32>) -> tensor<52xf32>
    %342 = stablehlo.add %340, %341 : tensor<52xf32>
    %343 = stablehlo.divide %335, %342 : tensor<52xf32>
    %cst_130 = stablehlo.constant dense<9.99999974E-5> : tensor<f32>
    %344 = stablehlo.broadcast_in_dim %cst_130, dims = [] : (tensor<f32>) -> tensor<52xf32>
    %345 = stablehlo.multiply %344, %arg59 : tensor<52xf32>
    %346 = stablehlo.add %343, %345 : tensor<52xf32>
    %cst_131 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %347 = stablehlo.broadcast_in_dim %cst_131, dims = [] : (tensor<f32>) -> tensor<52xf32>
    %348 = stablehlo.multiply %347, %346 : tensor<52xf32>
    %349 = stablehlo.subtract %arg59, %348 : tensor<52xf32>
    %cst_132 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %350 = stablehlo.broadcast_in_dim %cst_132, dims = [] : (tensor<f32>) -> tensor<24x56xf32>
    %351 = stablehlo.multiply %350, %arg36 : tensor<24x56xf32>
    %cst_133 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %352 = stablehlo.broadcast_in_dim %cst_133, dims = [] : (tensor<f32>) -> tensor<24x56xf32>
    %353 = stablehlo.multiply %352, %arg12 : tensor<24x56xf32>
    %354 = stablehlo.add %351, %353 : tensor<24x56xf32>
    %cst_134 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %355 = stablehlo.broadcast_in_dim %cst_134, dims = [] : (tensor<f32>) -> tensor<24x56xf32>
    %356 = stablehlo.multiply %355, %arg85 : tensor<24x56xf32>
    %cst_135 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %357 = stablehlo.broadcast_in_dim %cst_135, dims = [] : (tensor<f32>) -> tensor<24x56xf32>
    %358 = stablehlo.multiply %357, %arg12 : tensor<24x56xf32>
    %359 = stablehlo.multiply %358, %arg12 : tensor<24x56xf32>
    %360 = stablehlo.add %356, %359 : tensor<24x56xf32>
    %cst_136 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %361 = stablehlo.power %cst_136, %1 : tensor<f32>
    %cst_137 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %362 = stablehlo.subtract %cst_137, %361 : tensor<f32>
    %363 = stablehlo.broadcast_in_dim %362, dims = [] : (tensor<f32>) -> tensor<24x56xf32>
    %364 = stablehlo.divide %354, %363 : tensor<24x56xf32>
    %cst_138 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %365 = stablehlo.power %cst_138, %1 : tensor<f32>
    %cst_139 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %366 = stablehlo.subtract %cst_139, %365 : tensor<f32>
    %367 = stablehlo.broadcast_in_dim %366, dims = [] : (tensor<f32>) -> tensor<24x56xf32>
    %368 = stablehlo.divide %360, %367 : tensor<24x56xf32>
    %369 = stablehlo.sqrt %368 : tensor<24x56xf32>
    %cst_140 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %370 = stablehlo.broadcast_in_dim %cst_140, dims = [] : (tensor<f32>) -> tensor<24x56xf32>
    %371 = stablehlo.add %369, %370 : tensor<24x56xf32>
    %372 = stablehlo.divide %364, %371 : tensor<24x56xf32>
    %cst_141 = stablehlo.constant dense<9.99999974E-5> : tensor<f32>
    %373 = stablehlo.broadcast_in_dim %cst_141, dims = [] : (tensor<f32>) -> tensor<24x56xf32>
    %374 = stablehlo.multiply %373, %arg60 : tensor<24x56xf32>
    %375 = stablehlo.add %372, %374 : tensor<24x56xf32>
    %cst_142 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %376 = stablehlo.broadcast_in_dim %cst_142, dims = [] : (tensor<f32>) -> tensor<24x56xf32>
    %377 = stablehlo.multiply %376, %375 : tensor<24x56xf32>
    %378 = stablehlo.subtract %arg60, %377 : tensor<24x56xf32>
    %cst_143 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %379 = stablehlo.broadcast_in_dim %cst_143, dims = [] : (tensor<f32>) -> tensor<56xf32>
    %380 = stablehlo.multiply %379, %arg37 : tensor<56xf32>
    %cst_144 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %381 = stablehlo.broadcast_in_dim %cst_144, dims = [] : (tensor<f32>) -> tensor<56xf32>
    %382 = stablehlo.multiply %381, %arg13 : tensor<56xf32>
    %383 = stablehlo.add %380, %382 : tensor<56xf32>
    %cst_145 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %384 = stablehlo.broadcast_in_dim %cst_145, dims = [] : (tensor<f32>) -> tensor<56xf32>
    %385 = stablehlo.multiply %384, %arg86 : tensor<56xf32>
    %cst_146 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %386 = stablehlo.broadcast_in_dim %cst_146, dims = [] : (tensor<f32>) -> tensor<56xf32>
    %387 = stablehlo.multiply %386, %arg13 : tensor<56xf32>
    %388 = stablehlo.multiply %387, %arg13 : tensor<56xf32>
    %389 = stablehlo.add %385, %388 : tensor<56xf32>
    %cst_147 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %390 = stablehlo.power %cst_147, %1 : tensor<f32>
    %cst_148 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %391 = stablehlo.subtract %cst_148, %390 : tensor<f32>
    %392 = stablehlo.broadcast_in_dim %391, dims = [] : (tensor<f32>) -> tensor<56xf32>
    %393 = stablehlo.divide %383, %392 : tensor<56xf32>
    %cst_149 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %394 = stablehlo.power %cst_149, %1 : tensor<f32>
    %cst_150 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %395 = stablehlo.subtract %cst_150, %394 : tensor<f32>
    %396 = stablehlo.broadcast_in_dim %395, dims = [] : (tensor<f32>) -> tensor<56xf32>
    %397 = stablehlo.divide %389, %396 : tensor<56xf32>
    %398 = stablehlo.sqrt %397 : tensor<56xf32>
    %cst_151 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %399 = stablehlo.broadcast_in_dim %cst_151, dims = [] : (tensor<f32>) -> tensor<56xf32>
    %400 = stablehlo.add %398, %399 : tensor<56xf32>
    %401 = stablehlo.divide %393, %400 : tensor<56xf32>
    %cst_152 = stablehlo.constant dense<9.99999974E-5> : tensor<f32>
    %402 = stablehlo.broadcast_in_dim %cst_152, dims = [] : (tensor<f32>) -> tensor<56xf32>
    %403 = stablehlo.multiply %402, %arg61 : tensor<56xf32>
    %404 = stablehlo.add %401, %403 : tensor<56xf32>
    %cst_153 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %405 = stablehlo.broadcast_in_dim %cst_153, dims = [] : (tensor<f32>) -> tensor<56xf32>
    %406 = stablehlo.multiply %405, %404 : tensor<56xf32>
    %407 = stablehlo.subtract %arg61, %406 : tensor<56xf32>
    %cst_154 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %408 = stablehlo.broadcast_in_dim %cst_154, dims = [] : (tensor<f32>) -> tensor<100x60xf32>
    %409 = stablehlo.multiply %408, %arg38 : tensor<100x60xf32>
    %cst_155 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %410 = stablehlo.broadcast_in_dim %cst_155, dims = [] : (tensor<f32>) -> tensor<100x60xf32>
    %411 = stablehlo.multiply %410, %arg14 : tensor<100x60xf32>
    %412 = stablehlo.add %409, %411 : tensor<100x60xf32>
    %cst_156 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %413 = stablehlo.broadcast_in_dim %cst_156, dims = [] : (tensor<f32>) -> tensor<100x60xf32>
    %414 = stablehlo.multiply %413, %arg87 : tensor<100x60xf32>
    %cst_157 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %415 = stablehlo.broadcast_in_dim %cst_157, dims = [] : (tensor<f32>) -> tensor<100x60xf32>
    %416 = stablehlo.multiply %415, %arg14 : tensor<100x60xf32>
    %417 = stablehlo.multiply %416, %arg14 : tensor<100x60xf32>
    %418 = stablehlo.add %414, %417 : tensor<100x60xf32>
    %cst_158 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %419 = stablehlo.power %cst_158, %1 : tensor<f32>
    %cst_159 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %420 = stablehlo.subtract %cst_159, %419 : tensor<f32>
    %421 = stablehlo.broadcast_in_dim %420, dims = [] : (tensor<f32>) -> tensor<100x60xf32>
    %422 = stablehlo.divide %412, %421 : tensor<100x60xf32>
    %cst_160 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %423 = stablehlo.power %cst_160, %1 : tensor<f32>
    %cst_161 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %424 = stablehlo.subtract %cst_161, %423 : tensor<f32>
    %425 = stablehlo.broadcast_in_dim %424, dims = [] : (tensor<f32>) -> tensor<100x60xf32>
    %426 = stablehlo.divide %418, %425 : tensor<100x60xf32>
    %427 = stablehlo.sqrt %426 : tensor<100x60xf32>
    %cst_162 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %428 = stablehlo.broadcast_in_dim %cst_162, dims = [] : (tensor<f32>) -> tensor<100x60xf32>
    %429 = stablehlo.add %427, %428 : tensor<100x60xf32>
    %430 = stablehlo.divide %422, %429 : tensor<100x60xf32>
    %cst_163 = stablehlo.constant dense<9.99999974E-5> : tensor<f32>
    %431 = stablehlo.broadcast_in_dim %cst_163, dims = [] : (tensor<f32>) -> tensor<100x60xf32>
    %432 = stablehlo.multiply %431, %arg62 : tensor<100x60xf32>
    %433 = stablehlo.add %430, %432 : tensor<100x60xf32>
    %cst_164 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %434 = stablehlo.broadcast_in_dim %cst_164, dims = [] : (tensor<f32>) -> tensor<100x60xf32>
    %435 = stablehlo.multiply %434, %433 : tensor<100x60xf32>
    %436 = stablehlo.subtract %arg62, %435 : tensor<100x60xf32>
    %cst_165 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %437 = stablehlo.broadcast_in_dim %cst_165, dims = [] : (tensor<f32>) -> tensor<60xf32>
    %438 = stablehlo.multiply %437, %arg39 : tensor<60xf32>
    %cst_166 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %439 = stablehlo.broadcast_in_dim %cst_166, dims = [] : (tensor<f32>) -> tensor<60xf32>
    %440 = stablehlo.multiply %439, %arg15 : tensor<60xf32>
    %441 = stablehlo.add %438, %440 : tensor<60xf32>
    %cst_167 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %442 = stablehlo.broadcast_in_dim %cst_167, dims = [] : (tensor<f32>) -> tensor<60xf32>
    %443 = stablehlo.multiply %442, %arg88 : tensor<60xf32>
    %cst_168 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %444 = stablehlo.broadcast_in_dim %cst_168, dims = [] : (tensor<f32>) -> tensor<60xf32>
    %445 = stablehlo.multiply %444, %arg15 : tensor<60xf32>
    %446 = stablehlo.multiply %445, %arg15 : tensor<60xf32>
    %447 = stablehlo.add %443, %446 : tensor<60xf32>
    %cst_169 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %448 = stablehlo.power %cst_169, %1 : tensor<f32>
    %cst_170 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %449 = stablehlo.subtract %cst_170, %448 : tensor<f32>
    %450 = stablehlo.broadcast_in_dim %449, dims = [] : (tensor<f32>) -> tensor<60xf32>
    %451 = stablehlo.divide %441, %450 : tensor<60xf32>
    %cst_171 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %452 = stablehlo.power %cst_171, %1 : tensor<f32>
    %cst_172 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %453 = stablehlo.subtract %cst_172, %452 : tensor<f32>
    %454 = stablehlo.broadcast_in_dim %453, dims = [] : (tensor<f32>) -> tensor<60xf32>
    %455 = stablehlo.divide %447, %454 : tensor<60xf32>
    %456 = stablehlo.sqrt %455 : tensor<60xf32>
    %cst_173 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %457 = stablehlo.broadcast_in_dim %cst_173, dims = [] : (tensor<f32>) -> tensor<60xf32>
    %458 = stablehlo.add %456, %457 : tensor<60xf32>
    %459 = stablehlo.divide %451, %458 : tensor<60xf32>
    %cst_174 = stablehlo.constant dense<9.99999974E-5> : tensor<f32>
    %460 = stablehlo.broadcast_in_dim %cst_174, dims = [] : (tensor<f32>) -> tensor<60xf32>
    %461 = stablehlo.multiply %460, %arg63 : tensor<60xf32>
    %462 = stablehlo.add %459, %461 : tensor<60xf32>
    %cst_175 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %463 = stablehlo.broadcast_in_dim %cst_175, dims = [] : (tensor<f32>) -> tensor<60xf32>
    %464 = stablehlo.multiply %463, %462 : tensor<60xf32>
    %465 = stablehlo.subtract %arg63, %464 : tensor<60xf32>
    %cst_176 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %466 = stablehlo.broadcast_in_dim %cst_176, dims = [] : (tensor<f32>) -> tensor<40x64xf32>
    %467 = stablehlo.multiply %466, %arg40 : tensor<40x64xf32>
    %cst_177 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %468 = stablehlo.broadcast_in_dim %cst_177, dims = [] : (tensor<f32>) -> tensor<40x64xf32>
    %469 = stablehlo.multiply %468, %arg16 : tensor<40x64xf32>
    %470 = stablehlo.add %467, %469 : tensor<40x64xf32>
    %cst_178 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %471 = stablehlo.broadcast_in_dim %cst_178, dims = [] : (tensor<f32>) -> tensor<40x64xf32>
    %472 = stablehlo.multiply %471, %arg89 : tensor<40x64xf32>
    %cst_179 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %473 = stablehlo.broadcast_in_dim %cst_179, dims = [] : (tensor<f32>) -> tensor<40x64xf32>
    %474 = stablehlo.multiply %473, %arg16 : tensor<40x64xf32>
    %475 = stablehlo.multiply %474, %arg16 : tensor<40x64xf32>
    %476 = stablehlo.add %472, %475 : tensor<40x64xf32>
    %cst_180 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %477 = stablehlo.power %cst_180, %1 : tensor<f32>
    %cst_181 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %478 = stablehlo.subtract %cst_181, %477 : tensor<f32>
    %479 = stablehlo.broadcast_in_dim %478, dims = [] : (tensor<f32>) -> tensor<40x64xf32>
    %480 = stablehlo.divide %470, %479 : tensor<40x64xf32>
    %cst_182 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %481 = stablehlo.power %cst_182, %1 : tensor<f32>
    %cst_183 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %482 = stablehlo.subtract %cst_183, %481 : tensor<f32>
    %483 = stablehlo.broadcast_in_dim %482, dims = [] : (tensor<f32>) -> tensor<40x64xf32>
    %484 = stablehlo.divide %476, %483 : tensor<40x64xf32>
    %485 = stablehlo.sqrt %484 : tensor<40x64xf32>
    %cst_184 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %486 = stablehlo.broadcast_in_dim %cst_184, dims = [] : (tensor<f32>) -> tensor<40x64xf32>
    %487 = stablehlo.add %485, %486 : tensor<40x64xf32>
    %488 = stablehlo.divide %480, %487 : tensor<40x64xf32>
    %cst_185 = stablehlo.constant dense<9.99999974E-5> : tensor<f32>
    %489 = stablehlo.broadcast_in_dim %cst_185, dims = [] : (tensor<f32>) -> tensor<40x64xf32>
    %490 = stablehlo.multiply %489, %arg64 : tensor<40x64xf32>
    %491 = stablehlo.add %488, %490 : tensor<40x64xf32>
    %cst_186 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %492 = stablehlo.broadcast_in_dim %cst_186, dims = [] : (tensor<f32>) -> tensor<40x64xf32>
    %493 = stablehlo.multiply %492, %491 : tensor<40x64xf32>
    %494 = stablehlo.subtract %arg64, %493 : tensor<40x64xf32>
    %cst_187 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %495 = stablehlo.broadcast_in_dim %cst_187, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %496 = stablehlo.multiply %495, %arg41 : tensor<64xf32>
    %cst_188 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %497 = stablehlo.broadcast_in_dim %cst_188, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %498 = stablehlo.multiply %497, %arg17 : tensor<64xf32>
    %499 = stablehlo.add %496, %498 : tensor<64xf32>
    %cst_189 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %500 = stablehlo.broadcast_in_dim %cst_189, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %501 = stablehlo.multiply %500, %arg90 : tensor<64xf32>
    %cst_190 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %502 = stablehlo.broadcast_in_dim %cst_190, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %503 = stablehlo.multiply %502, %arg17 : tensor<64xf32>
    %504 = stablehlo.multiply %503, %arg17 : tensor<64xf32>
    %505 = stablehlo.add %501, %504 : tensor<64xf32>
    %cst_191 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %506 = stablehlo.power %cst_191, %1 : tensor<f32>
    %cst_192 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %507 = stablehlo.subtract %cst_192, %506 : tensor<f32>
    %508 = stablehlo.broadcast_in_dim %507, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %509 = stablehlo.divide %499, %508 : tensor<64xf32>
    %cst_193 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %510 = stablehlo.power %cst_193, %1 : tensor<f32>
    %cst_194 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %511 = stablehlo.subtract %cst_194, %510 : tensor<f32>
    %512 = stablehlo.broadcast_in_dim %511, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %513 = stablehlo.divide %505, %512 : tensor<64xf32>
    %514 = stablehlo.sqrt %513 : tensor<64xf32>
    %cst_195 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %515 = stablehlo.broadcast_in_dim %cst_195, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %516 = stablehlo.add %514, %515 : tensor<64xf32>
    %517 = stablehlo.divide %509, %516 : tensor<64xf32>
    %cst_196 = stablehlo.constant dense<9.99999974E-5> : tensor<f32>
    %518 = stablehlo.broadcast_in_dim %cst_196, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %519 = stablehlo.multiply %518, %arg65 : tensor<64xf32>
    %520 = stablehlo.add %517, %519 : tensor<64xf32>
    %cst_197 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %521 = stablehlo.broadcast_in_dim %cst_197, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %522 = stablehlo.multiply %521, %520 : tensor<64xf32>
    %523 = stablehlo.subtract %arg65, %522 : tensor<64xf32>
    %cst_198 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %524 = stablehlo.broadcast_in_dim %cst_198, dims = [] : (tensor<f32>) -> tensor<60x68xf32>
    %525 = stablehlo.multiply %524, %arg42 : tensor<60x68xf32>
    %cst_199 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %526 = stablehlo.broadcast_in_dim %cst_199, dims = [] : (tensor<f32>) -> tensor<60x68xf32>
    %527 = stablehlo.multiply %526, %arg18 : tensor<60x68xf32>
    %528 = stablehlo.add %525, %527 : tensor<60x68xf32>
    %cst_200 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %529 = stablehlo.broadcast_in_dim %cst_200, dims = [] : (tensor<f32>) -> tensor<60x68xf32>
    %530 = stablehlo.multiply %529, %arg91 : tensor<60x68xf32>
    %cst_201 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %531 = stablehlo.broadcast_in_dim %cst_201, dims = [] : (tensor<f32>) -> tensor<60x68xf32>
    %532 = stablehlo.multiply %531, %arg18 : tensor<60x68xf32>
    %533 = stablehlo.multiply %532, %arg18 : tensor<60x68xf32>
    %534 = stablehlo.add %530, %533 : tensor<60x68xf32>
    %cst_202 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %535 = stablehlo.power %cst_202, %1 : tensor<f32>
    %cst_203 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %536 = stablehlo.subtract %cst_203, %535 : tensor<f32>
    %537 = stablehlo.broadcast_in_dim %536, dims = [] : (tensor<f32>) -> tensor<60x68xf32>
    %538 = stablehlo.divide %528, %537 : tensor<60x68xf32>
    %cst_204 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %539 = stablehlo.power %cst_204, %1 : tensor<f32>
    %cst_205 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %540 = stablehlo.subtract %cst_205, %539 : tensor<f32>
    %541 = stablehlo.broadcast_in_dim %540, dims = [] : (tensor<f32>) -> tensor<60x68xf32>
    %542 = stablehlo.divide %534, %541 : tensor<60x68xf32>
    %543 = stablehlo.sqrt %542 : tensor<60x68xf32>
    %cst_206 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %544 = stablehlo.broadcast_in_dim %cst_206, dims = [] : (tensor<f32>) -> tensor<60x68xf32>
    %545 = stablehlo.add %543, %544 : tensor<60x68xf32>
    %546 = stablehlo.divide %538, %545 : tensor<60x68xf32>
    %cst_207 = stablehlo.constant dense<9.99999974E-5> : tensor<f32>
    %547 = stablehlo.broadcast_in_dim %cst_207, dims = [] : (tensor<f32>) -> tensor<60x68xf32>
    %548 = stablehlo.multiply %547, %arg66 : tensor<60x68xf32>
    %549 = stablehlo.add %546, %548 : tensor<60x68xf32>
    %cst_208 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %550 = stablehlo.broadcast_in_dim %cst_208, dims = [] : (tensor<f32>) -> tensor<60x68xf32>
    %551 = stablehlo.multiply %550, %549 : tensor<60x68xf32>
    %552 = stablehlo.subtract %arg66, %551 : tensor<60x68xf32>
    %cst_209 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %553 = stablehlo.broadcast_in_dim %cst_209, dims = [] : (tensor<f32>) -> tensor<68xf32>
    %554 = stablehlo.multiply %553, %arg43 : tensor<68xf32>
    %cst_210 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %555 = stablehlo.broadcast_in_dim %cst_210, dims = [] : (tensor<f32>) -> tensor<68xf32>
    %556 = stablehlo.multiply %555, %arg19 : tensor<68xf32>
    %557 = stablehlo.add %554, %556 : tensor<68xf32>
    %cst_211 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %558 = stablehlo.broadcast_in_dim %cst_211, dims = [] : (tensor<f32>) -> tensor<68xf32>
    %559 = stablehlo.multiply %558, %arg92 : tensor<68xf32>
    %cst_212 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %560 = stablehlo.broadcast_in_dim %cst_212, dims = [] : (tensor<f32>) -> tensor<68xf32>
    %561 = stablehlo.multiply %560, %arg19 : tensor<68xf32>
    %562 = stablehlo.multiply %561, %arg19 : tensor<68xf32>
    %563 = stablehlo.add %559, %562 : tensor<68xf32>
    %cst_213 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %564 = stablehlo.power %cst_213, %1 : tensor<f32>
    %cst_214 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %565 = stablehlo.subtract %cst_214, %564 : tensor<f32>
    %566 = stablehlo.broadcast_in_dim %565, dims = [] : (tensor<f32>) -> tensor<68xf32>
    %567 = stablehlo.divide %557, %566 : tensor<68xf32>
    %cst_215 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %568 = stablehlo.power %cst_215, %1 : tensor<f32>
    %cst_216 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %569 = stablehlo.subtract %cst_216, %568 : tensor<f32>
    %570 = stablehlo.broadcast_in_dim %569, dims = [] : (tensor<f32>) -> tensor<68xf32>
    %571 = stablehlo.divide %563, %570 : tensor<68xf32>
    %572 = stablehlo.sqrt %571 : tensor<68xf32>
    %cst_217 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %573 = stablehlo.broadcast_in_dim %cst_217, dims = [] : (tensor<f32>) -> tensor<68xf32>
    %574 = stablehlo.add %572, %573 : tensor<68xf32>
    %575 = stablehlo.divide %567, %574 : tensor<68xf32>
    %cst_218 = stablehlo.constant dense<9.99999974E-5> : tensor<f32>
    %576 = stablehlo.broadcast_in_dim %cst_218, dims = [] : (tensor<f32>) -> tensor<68xf32>
    %577 = stablehlo.multiply %576, %arg67 : tensor<68xf32>
    %578 = stablehlo.add %575, %577 : tensor<68xf32>
    %cst_219 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %579 = stablehlo.broadcast_in_dim %cst_219, dims = [] : (tensor<f32>) -> tensor<68xf32>
    %580 = stablehlo.multiply %579, %578 : tensor<68xf32>
    %581 = stablehlo.subtract %arg67, %580 : tensor<68xf32>
    %cst_220 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %582 = stablehlo.broadcast_in_dim %cst_220, dims = [] : (tensor<f32>) -> tensor<20x72xf32>
    %583 = stablehlo.multiply %582, %arg44 : tensor<20x72xf32>
    %cst_221 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %584 = stablehlo.broadcast_in_dim %cst_221, dims = [] : (tensor<f32>) -> tensor<20x72xf32>
    %585 = stablehlo.multiply %584, %arg20 : tensor<20x72xf32>
    %586 = stablehlo.add %583, %585 : tensor<20x72xf32>
    %cst_222 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %587 = stablehlo.broadcast_in_dim %cst_222, dims = [] : (tensor<f32>) -> tensor<20x72xf32>
    %588 = stablehlo.multiply %587, %arg93 : tensor<20x72xf32>
    %cst_223 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %589 = stablehlo.broadcast_in_dim %cst_223, dims = [] : (tensor<f32>) -> tensor<20x72xf32>
    %590 = stablehlo.multiply %589, %arg20 : tensor<20x72xf32>
    %591 = stablehlo.multiply %590, %arg20 : tensor<20x72xf32>
    %592 = stablehlo.add %588, %591 : tensor<20x72xf32>
    %cst_224 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %593 = stablehlo.power %cst_224, %1 : tensor<f32>
    %cst_225 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %594 = stablehlo.subtract %cst_225, %593 : tensor<f32>
    %595 = stablehlo.broadcast_in_dim %594, dims = [] : (tensor<f32>) -> tensor<20x72xf32>
    %596 = stablehlo.divide %586, %595 : tensor<20x72xf32>
    %cst_226 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %597 = stablehlo.power %cst_226, %1 : tensor<f32>
    %cst_227 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %598 = stablehlo.subtract %cst_227, %597 : tensor<f32>
    %599 = stablehlo.broadcast_in_dim %598, dims = [] : (tensor<f32>) -> tensor<20x72xf32>
    %600 = stablehlo.divide %592, %599 : tensor<20x72xf32>
    %601 = stablehlo.sqrt %600 : tensor<20x72xf32>
    %cst_228 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %602 = stablehlo.broadcast_in_dim %cst_228, dims = [] : (tensor<f32>) -> tensor<20x72xf32>
    %603 = stablehlo.add %601, %602 : tensor<20x72xf32>
    %604 = stablehlo.divide %596, %603 : tensor<20x72xf32>
    %cst_229 = stablehlo.constant dense<9.99999974E-5> : tensor<f32>
    %605 = stablehlo.broadcast_in_dim %cst_229, dims = [] : (tensor<f32>) -> tensor<20x72xf32>
    %606 = stablehlo.multiply %605, %arg68 : tensor<20x72xf32>
    %607 = stablehlo.add %604, %606 : tensor<20x72xf32>
    %cst_230 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %608 = stablehlo.broadcast_in_dim %cst_230, dims = [] : (tensor<f32>) -> tensor<20x72xf32>
    %609 = stablehlo.multiply %608, %607 : tensor<20x72xf32>
    %610 = stablehlo.subtract %arg68, %609 : tensor<20x72xf32>
    %cst_231 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %611 = stablehlo.broadcast_in_dim %cst_231, dims = [] : (tensor<f32>) -> tensor<72xf32>
    %612 = stablehlo.multiply %611, %arg45 : tensor<72xf32>
    %cst_232 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %613 = stablehlo.broadcast_in_dim %cst_232, dims = [] : (tensor<f32>) -> tensor<72xf32>
    %614 = stablehlo.multiply %613, %arg21 : tensor<72xf32>
    %615 = stablehlo.add %612, %614 : tensor<72xf32>
    %cst_233 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %616 = stablehlo.broadcast_in_dim %cst_233, dims = [] : (tensor<f32>) -> tensor<72xf32>
    %617 = stablehlo.multiply %616, %arg94 : tensor<72xf32>
    %cst_234 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %618 = stablehlo.broadcast_in_dim %cst_234, dims = [] : (tensor<f32>) -> tensor<72xf32>
    %619 = stablehlo.multiply %618, %arg21 : tensor<72xf32>
    %620 = stablehlo.multiply %619, %arg21 : tensor<72xf32>
    %621 = stablehlo.add %617, %620 : tensor<72xf32>
    %cst_235 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %622 = stablehlo.power %cst_235, %1 : tensor<f32>
    %cst_236 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %623 = stablehlo.subtract %cst_236, %622 : tensor<f32>
    %624 = stablehlo.broadcast_in_dim %623, dims = [] : (tensor<f32>) -> tensor<72xf32>
    %625 = stablehlo.divide %615, %624 : tensor<72xf32>
    %cst_237 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %626 = stablehlo.power %cst_237, %1 : tensor<f32>
    %cst_238 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %627 = stablehlo.subtract %cst_238, %626 : tensor<f32>
    %628 = stablehlo.broadcast_in_dim %627, dims = [] : (tensor<f32>) -> tensor<72xf32>
    %629 = stablehlo.divide %621, %628 : tensor<72xf32>
    %630 = stablehlo.sqrt %629 : tensor<72xf32>
    %cst_239 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %631 = stablehlo.broadcast_in_dim %cst_239, dims = [] : (tensor<f32>) -> tensor<72xf32>
    %632 = stablehlo.add %630, %631 : tensor<72xf32>
    %633 = stablehlo.divide %625, %632 : tensor<72xf32>
    %cst_240 = stablehlo.constant dense<9.99999974E-5> : tensor<f32>
    %634 = stablehlo.broadcast_in_dim %cst_240, dims = [] : (tensor<f32>) -> tensor<72xf32>
    %635 = stablehlo.multiply %634, %arg69 : tensor<72xf32>
    %636 = stablehlo.add %633, %635 : tensor<72xf32>
    %cst_241 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %637 = stablehlo.broadcast_in_dim %cst_241, dims = [] : (tensor<f32>) -> tensor<72xf32>
    %638 = stablehlo.multiply %637, %636 : tensor<72xf32>
    %639 = stablehlo.subtract %arg69, %638 : tensor<72xf32>
    %cst_242 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %640 = stablehlo.broadcast_in_dim %cst_242, dims = [] : (tensor<f32>) -> tensor<50x76xf32>
    %641 = stablehlo.multiply %640, %arg46 : tensor<50x76xf32>
    %cst_243 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %642 = stablehlo.broadcast_in_dim %cst_243, dims = [] : (tensor<f32>) -> tensor<50x76xf32>
    %643 = stablehlo.multiply %642, %arg22 : tensor<50x76xf32>
    %644 = stablehlo.add %641, %643 : tensor<50x76xf32>
    %cst_244 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %645 = stablehlo.broadcast_in_dim %cst_244, dims = [] : (tensor<f32>) -> tensor<50x76xf32>
    %646 = stablehlo.multiply %645, %arg95 : tensor<50x76xf32>
    %cst_245 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %647 = stablehlo.broadcast_in_dim %cst_245, dims = [] : (tensor<f32>) -> tensor<50x76xf32>
    %648 = stablehlo.multiply %647, %arg22 : tensor<50x76xf32>
    %649 = stablehlo.multiply %648, %arg22 : tensor<50x76xf32>
    %650 = stablehlo.add %646, %649 : tensor<50x76xf32>
    %cst_246 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %651 = stablehlo.power %cst_246, %1 : tensor<f32>
    %cst_247 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %652 = stablehlo.subtract %cst_247, %651 : tensor<f32>
    %653 = stablehlo.broadcast_in_dim %652, dims = [] : (tensor<f32>) -> tensor<50x76xf32>
    %654 = stablehlo.divide %644, %653 : tensor<50x76xf32>
    %cst_248 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %655 = stablehlo.power %cst_248, %1 : tensor<f32>
    %cst_249 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %656 = stablehlo.subtract %cst_249, %655 : tensor<f32>
    %657 = stablehlo.broadcast_in_dim %656, dims = [] : (tensor<f32>) -> tensor<50x76xf32>
    %658 = stablehlo.divide %650, %657 : tensor<50x76xf32>
    %659 = stablehlo.sqrt %658 : tensor<50x76xf32>
    %cst_250 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %660 = stablehlo.broadcast_in_dim %cst_250, dims = [] : (tensor<f32>) -> tensor<50x76xf32>
    %661 = stablehlo.add %659, %660 : tensor<50x76xf32>
    %662 = stablehlo.divide %654, %661 : tensor<50x76xf32>
    %cst_251 = stablehlo.constant dense<9.99999974E-5> : tensor<f32>
    %663 = stablehlo.broadcast_in_dim %cst_251, dims = [] : (tensor<f32>) -> tensor<50x76xf32>
    %664 = stablehlo.multiply %663, %arg70 : tensor<50x76xf32>
    %665 = stablehlo.add %662, %664 : tensor<50x76xf32>
    %cst_252 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %666 = stablehlo.broadcast_in_dim %cst_252, dims = [] : (tensor<f32>) -> tensor<50x76xf32>
    %667 = stablehlo.multiply %666, %665 : tensor<50x76xf32>
    %668 = stablehlo.subtract %arg70, %667 : tensor<50x76xf32>
    %cst_253 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %669 = stablehlo.broadcast_in_dim %cst_253, dims = [] : (tensor<f32>) -> tensor<76xf32>
    %670 = stablehlo.multiply %669, %arg47 : tensor<76xf32>
    %cst_254 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %671 = stablehlo.broadcast_in_dim %cst_254, dims = [] : (tensor<f32>) -> tensor<76xf32>
    %672 = stablehlo.multiply %671, %arg23 : tensor<76xf32>
    %673 = stablehlo.add %670, %672 : tensor<76xf32>
    %cst_255 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %674 = stablehlo.broadcast_in_dim %cst_255, dims = [] : (tensor<f32>) -> tensor<76xf32>
    %675 = stablehlo.multiply %674, %arg96 : tensor<76xf32>
    %cst_256 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %676 = stablehlo.broadcast_in_dim %cst_256, dims = [] : (tensor<f32>) -> tensor<76xf32>
    %677 = stablehlo.multiply %676, %arg23 : tensor<76xf32>
    %678 = stablehlo.multiply %677, %arg23 : tensor<76xf32>
    %679 = stablehlo.add %675, %678 : tensor<76xf32>
    %cst_257 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %680 = stablehlo.power %cst_257, %1 : tensor<f32>
    %cst_258 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %681 = stablehlo.subtract %cst_258, %680 : tensor<f32>
    %682 = stablehlo.broadcast_in_dim %681, dims = [] : (tensor<f32>) -> tensor<76xf32>
    %683 = stablehlo.divide %673, %682 : tensor<76xf32>
    %cst_259 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %684 = stablehlo.power %cst_259, %1 : tensor<f32>
    %cst_260 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %685 = stablehlo.subtract %cst_260, %684 : tensor<f32>
    %686 = stablehlo.broadcast_in_dim %685, dims = [] : (tensor<f32>) -> tensor<76xf32>
    %687 = stablehlo.divide %679, %686 : tensor<76xf32>
    %688 = stablehlo.sqrt %687 : tensor<76xf32>
    %cst_261 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %689 = stablehlo.broadcast_in_dim %cst_261, dims = [] : (tensor<f32>) -> tensor<76xf32>
    %690 = stablehlo.add %688, %689 : tensor<76xf32>
    %691 = stablehlo.divide %683, %690 : tensor<76xf32>
    %cst_262 = stablehlo.constant dense<9.99999974E-5> : tensor<f32>
    %692 = stablehlo.broadcast_in_dim %cst_262, dims = [] : (tensor<f32>) -> tensor<76xf32>
    %693 = stablehlo.multiply %692, %arg71 : tensor<76xf32>
    %694 = stablehlo.add %691, %693 : tensor<76xf32>
    %cst_263 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %695 = stablehlo.broadcast_in_dim %cst_263, dims = [] : (tensor<f32>) -> tensor<76xf32>
    %696 = stablehlo.multiply %695, %694 : tensor<76xf32>
    %697 = stablehlo.subtract %arg71, %696 : tensor<76xf32>
    return %30, %59, %88, %117, %146, %175, %204, %233, %262, %291, %320, %349, %378, %407, %436, %465, %494, %523, %552, %581, %610, %639, %668, %697, %6, %35, %64, %93, %122, %151, %180, %209, %238, %267, %296, %325, %354, %383, %412, %441, %470, %499, %528, %557, %586, %615, %644, %673, %12, %41, %70, %99, %128, %157, %186, %215, %244, %273, %302, %331, %360, %389, %418, %447, %476, %505, %534, %563, %592, %621, %650, %679 : tensor<32x32xf32>, tensor<32xf32>, tensor<64x36xf32>, tensor<36xf32>, tensor<48x40xf32>, tensor<40xf32>, tensor<128x44xf32>, tensor<44xf32>, tensor<16x48xf32>, tensor<48xf32>, tensor<80x52xf32>, tensor<52xf32>, tensor<24x56xf32>, tensor<56xf32>, tensor<100x60xf32>, tensor<60xf32>, tensor<40x64xf32>, tensor<64xf32>, tensor<60x68xf32>, tensor<68xf32>, tensor<20x72xf32>, tensor<72xf32>, tensor<50x76xf32>, tensor<76xf32>, tensor<32x32xf32>, tensor<32xf32>, tensor<64x36xf32>, tensor<36xf32>, tensor<48x40xf32>, tensor<40xf32>, tensor<128x44xf32>, tensor<44xf32>, tensor<16x48xf32>, tensor<48xf32>, tensor<80x52xf32>, tensor<52xf32>, tensor<24x56xf32>, tensor<56xf32>, tensor<100x60xf32>, tensor<60xf32>, tensor<40x64xf32>, tensor<64xf32>, tensor<60x68xf32>, tensor<68xf32>, tensor<20x72xf32>, tensor<72xf32>, tensor<50x76xf32>, tensor<76xf32>, tensor<32x32xf32>, tensor<32xf32>, tensor<64x36xf32>, tensor<36xf32>, tensor<48x40xf32>, tensor<40xf32>, tensor<128x44xf32>, tensor<44xf32>, tensor<16x48xf32>, tensor<48xf32>, tensor<80x52xf32>, tensor<52xf32>, tensor<24x56xf32>, tensor<56xf32>, tensor<100x60xf32>, tensor<60xf32>, tensor<40x64xf32>, tensor<64xf32>, tensor<60x68xf32>, tensor<68xf32>, tensor<20x72xf32>, tensor<72xf32>, tensor<50x76xf32>, tensor<76xf32>
  }
}
