module @jit__lambda attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<4xf32>, %arg1: tensor<3xf32>) -> (tensor<4xf32> {jax.result_info = "result[0]"}, tensor<4x4xf32> {jax.result_info = "result[1]"}) {
    %0:2 = call @eigh_tridiagonal(%arg0, %arg1) : (tensor<4xf32>, tensor<3xf32>) -> (tensor<4xf32>, tensor<4x4xf32>)
    return %0#0, %0#1 : tensor<4xf32>, tensor<4x4xf32>
  }
  func.func private @eigh_tridiagonal(%arg0: tensor<4xf32>, %arg1: tensor<3xf32>) -> (tensor<4xf32>, tensor<4x4xf32>) {
    %c = stablehlo.constant dense<42> : tensor<i32>
    %c_0 = stablehlo.constant dense<32> : tensor<i32>
    %0 = stablehlo.shift_right_logical %c, %c_0 : tensor<i32>
    %1 = stablehlo.convert %0 : (tensor<i32>) -> tensor<ui32>
    %2 = stablehlo.broadcast_in_dim %1, dims = [] : (tensor<ui32>) -> tensor<1xui32>
    %c_1 = stablehlo.constant dense<-1> : tensor<i32>
    %3 = stablehlo.and %c, %c_1 : tensor<i32>
    %4 = stablehlo.convert %3 : (tensor<i32>) -> tensor<ui32>
    %5 = stablehlo.broadcast_in_dim %4, dims = [] : (tensor<ui32>) -> tensor<1xui32>
    %6 = stablehlo.concatenate %2, %5, dim = 0 : (tensor<1xui32>, tensor<1xui32>) -> tensor<2xui32>
    %7 = stablehlo.abs %arg1 : tensor<3xf32>
    %8 = chlo.square %arg1 : tensor<3xf32> -> tensor<3xf32>
    %9 = stablehlo.slice %7 [0:1] : (tensor<3xf32>) -> tensor<1xf32>
    %10 = stablehlo.slice %7 [0:2] : (tensor<3xf32>) -> tensor<2xf32>
    %11 = stablehlo.slice %7 [1:3] : (tensor<3xf32>) -> tensor<2xf32>
    %12 = stablehlo.add %10, %11 : tensor<2xf32>
    %13 = stablehlo.slice %7 [2:3] : (tensor<3xf32>) -> tensor<1xf32>
    %14 = stablehlo.concatenate %9, %12, %13, dim = 0 : (tensor<1xf32>, tensor<2xf32>, tensor<1xf32>) -> tensor<4xf32>
    %15 = stablehlo.add %arg0, %14 : tensor<4xf32>
    %cst = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %16 = stablehlo.reduce(%15 init: %cst) applies stablehlo.maximum across dimensions = [0] : (tensor<4xf32>, tensor<f32>) -> tensor<f32>
    %17 = stablehlo.subtract %arg0, %14 : tensor<4xf32>
    %cst_2 = stablehlo.constant dense<0x7F800000> : tensor<f32>
    %18 = stablehlo.reduce(%17 init: %cst_2) applies stablehlo.minimum across dimensions = [0] : (tensor<4xf32>, tensor<f32>) -> tensor<f32>
    %19 = stablehlo.abs %18 : tensor<f32>
    %20 = stablehlo.abs %16 : tensor<f32>
    %21 = stablehlo.maximum %19, %20 : tensor<f32>
    %cst_3 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %22 = stablehlo.reduce(%8 init: %cst_3) applies stablehlo.maximum across dimensions = [0] : (tensor<3xf32>, tensor<f32>) -> tensor<f32>
    %cst_4 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %23 = stablehlo.maximum %cst_4, %22 : tensor<f32>
    %cst_5 = stablehlo.constant dense<1.17549449E-38> : tensor<f32>
    %24 = stablehlo.multiply %cst_5, %23 : tensor<f32>
    %25 = stablehlo.slice %7 [0:1] : (tensor<3xf32>) -> tensor<1xf32>
    %26 = stablehlo.reshape %25 : (tensor<1xf32>) -> tensor<f32>
    %cst_6 = stablehlo.constant dense<1.1920929E-7> : tensor<f32>
    %27 = stablehlo.multiply %cst_6, %26 : tensor<f32>
    %28 = chlo.square %27 : tensor<f32> -> tensor<f32>
    %cst_7 = stablehlo.constant dense<1.1920929E-7> : tensor<f32>
    %29 = stablehlo.multiply %cst_7, %21 : tensor<f32>
    %30 = stablehlo.iota dim = 0 : tensor<4xi32>
    %cst_8 = stablehlo.constant dense<4.000000e+00> : tensor<f32>
    %cst_9 = stablehlo.constant dense<2.100000e+00> : tensor<f32>
    %31 = stablehlo.multiply %cst_8, %cst_9 : tensor<f32>
    %cst_10 = stablehlo.constant dense<1.1920929E-7> : tensor<f32>
    %32 = stablehlo.multiply %31, %cst_10 : tensor<f32>
    %33 = stablehlo.multiply %32, %21 : tensor<f32>
    %34 = stablehlo.subtract %18, %33 : tensor<f32>
    %cst_11 = stablehlo.constant dense<4.200000e+00> : tensor<f32>
    %35 = stablehlo.multiply %cst_11, %24 : tensor<f32>
    %36 = stablehlo.subtract %34, %35 : tensor<f32>
    %37 = stablehlo.add %16, %33 : tensor<f32>
    %cst_12 = stablehlo.constant dense<2.100000e+00> : tensor<f32>
    %38 = stablehlo.multiply %cst_12, %24 : tensor<f32>
    %39 = stablehlo.add %37, %38 : tensor<f32>
    %40 = stablehlo.broadcast_in_dim %36, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %41 = stablehlo.broadcast_in_dim %39, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %42 = stablehlo.add %41, %40 : tensor<4xf32>
    %cst_13 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %43 = stablehlo.broadcast_in_dim %cst_13, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %44 = stablehlo.multiply %43, %42 : tensor<4xf32>
    %45 = stablehlo.broadcast_in_dim %24, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %46 = stablehlo.broadcast_in_dim %28, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %c_14 = stablehlo.constant dense<0> : tensor<i32>
    %47:10 = stablehlo.while(%iterArg = %29, %iterArg_39 = %arg0, %iterArg_40 = %46, %iterArg_41 = %8, %iterArg_42 = %45, %iterArg_43 = %30, %iterArg_44 = %c_14, %iterArg_45 = %40, %iterArg_46 = %44, %iterArg_47 = %41) : tensor<f32>, tensor<4xf32>, tensor<4xf32>, tensor<3xf32>, tensor<4xf32>, tensor<4xi32>, tensor<i32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
    cond {
      %c_48 = stablehlo.constant dense<24> : tensor<i32>
      %120 = stablehlo.compare LT, %iterArg_44, %c_48, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %121 = stablehlo.subtract %iterArg_47, %iterArg_45 : tensor<4xf32>
      %cst_49 = stablehlo.constant dense<0xFF800000> : tensor<f32>
      %122 = stablehlo.reduce(%121 init: %cst_49) applies stablehlo.maximum across dimensions = [0] : (tensor<4xf32>, tensor<f32>) -> tensor<f32>
      %123 = stablehlo.compare LT, %iterArg, %122, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %c_50 = stablehlo.constant dense<false> : tensor<i1>
      %124 = stablehlo.broadcast_in_dim %c_50, dims = [] : (tensor<i1>) -> tensor<i1>
      %125 = stablehlo.compare NE, %120, %124, UNSIGNED : (tensor<i1>, tensor<i1>) -> tensor<i1>
      %126 = stablehlo.convert %125 : tensor<i1>
      %127 = stablehlo.and %126, %123 : tensor<i1>
      stablehlo.return %127 : tensor<i1>
    } do {
      %c_48 = stablehlo.constant dense<0> : tensor<i32>
      %120 = stablehlo.broadcast_in_dim %c_48, dims = [] : (tensor<i32>) -> tensor<4xi32>
      %c_49 = stablehlo.constant dense<1> : tensor<i32>
      %121 = stablehlo.broadcast_in_dim %c_49, dims = [] : (tensor<i32>) -> tensor<4xi32>
      %122 = stablehlo.slice %iterArg_39 [0:1] : (tensor<4xf32>) -> tensor<1xf32>
      %123 = stablehlo.reshape %122 : (tensor<1xf32>) -> tensor<f32>
      %124 = stablehlo.broadcast_in_dim %123, dims = [] : (tensor<f32>) -> tensor<4xf32>
      %125 = stablehlo.subtract %124, %iterArg_46 : tensor<4xf32>
      %cst_50 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %126 = stablehlo.broadcast_in_dim %cst_50, dims = [] : (tensor<f32>) -> tensor<4xf32>
      %127 = stablehlo.compare LT, %125, %126, FLOAT : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
      %128 = func.call @_where(%127, %121, %120) : (tensor<4xi1>, tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
      %129 = stablehlo.slice %iterArg_39 [0:1] : (tensor<4xf32>) -> tensor<1xf32>
      %130 = stablehlo.reshape %129 : (tensor<1xf32>) -> tensor<f32>
      %131 = stablehlo.broadcast_in_dim %130, dims = [] : (tensor<f32>) -> tensor<4xf32>
      %132 = stablehlo.compare EQ, %131, %iterArg_46, FLOAT : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
      %133 = func.call @_where_0(%132, %iterArg_40, %125) : (tensor<4xi1>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
      %134 = stablehlo.slice %iterArg_39 [1:2] : (tensor<4xf32>) -> tensor<1xf32>
      %135 = stablehlo.reshape %134 : (tensor<1xf32>) -> tensor<f32>
      %136 = stablehlo.slice %iterArg_41 [0:1] : (tensor<3xf32>) -> tensor<1xf32>
      %137 = stablehlo.reshape %136 : (tensor<1xf32>) -> tensor<f32>
      %138 = stablehlo.broadcast_in_dim %137, dims = [] : (tensor<f32>) -> tensor<4xf32>
      %139 = stablehlo.divide %138, %133 : tensor<4xf32>
      %140 = stablehlo.broadcast_in_dim %135, dims = [] : (tensor<f32>) -> tensor<4xf32>
      %141 = stablehlo.subtract %140, %139 : tensor<4xf32>
      %142 = stablehlo.subtract %141, %iterArg_46 : tensor<4xf32>
      %143 = stablehlo.compare LE, %142, %iterArg_42, FLOAT : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
      %c_51 = stablehlo.constant dense<1> : tensor<i32>
      %144 = stablehlo.broadcast_in_dim %c_51, dims = [] : (tensor<i32>) -> tensor<4xi32>
      %145 = stablehlo.add %128, %144 : tensor<4xi32>
      %146 = func.call @_where(%143, %145, %128) : (tensor<4xi1>, tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
      %147 = stablehlo.compare LE, %142, %iterArg_42, FLOAT : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
      %148 = stablehlo.negate %iterArg_42 : tensor<4xf32>
      %149 = stablehlo.minimum %142, %148 : tensor<4xf32>
      %150 = func.call @_where_0(%147, %149, %142) : (tensor<4xi1>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
      %151 = stablehlo.slice %iterArg_39 [2:3] : (tensor<4xf32>) -> tensor<1xf32>
      %152 = stablehlo.reshape %151 : (tensor<1xf32>) -> tensor<f32>
      %153 = stablehlo.slice %iterArg_41 [1:2] : (tensor<3xf32>) -> tensor<1xf32>
      %154 = stablehlo.reshape %153 : (tensor<1xf32>) -> tensor<f32>
      %155 = stablehlo.broadcast_in_dim %154, dims = [] : (tensor<f32>) -> tensor<4xf32>
      %156 = stablehlo.divide %155, %150 : tensor<4xf32>
      %157 = stablehlo.broadcast_in_dim %152, dims = [] : (tensor<f32>) -> tensor<4xf32>
      %158 = stablehlo.subtract %157, %156 : tensor<4xf32>
      %159 = stablehlo.subtract %158, %iterArg_46 : tensor<4xf32>
      %160 = stablehlo.compare LE, %159, %iterArg_42, FLOAT : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
      %c_52 = stablehlo.constant dense<1> : tensor<i32>
      %161 = stablehlo.broadcast_in_dim %c_52, dims = [] : (tensor<i32>) -> tensor<4xi32>
      %162 = stablehlo.add %146, %161 : tensor<4xi32>
      %163 = func.call @_where(%160, %162, %146) : (tensor<4xi1>, tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
      %164 = stablehlo.compare LE, %159, %iterArg_42, FLOAT : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
      %165 = stablehlo.negate %iterArg_42 : tensor<4xf32>
      %166 = stablehlo.minimum %159, %165 : tensor<4xf32>
      %167 = func.call @_where_0(%164, %166, %159) : (tensor<4xi1>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
      %168 = stablehlo.slice %iterArg_39 [3:4] : (tensor<4xf32>) -> tensor<1xf32>
      %169 = stablehlo.reshape %168 : (tensor<1xf32>) -> tensor<f32>
      %170 = stablehlo.slice %iterArg_41 [2:3] : (tensor<3xf32>) -> tensor<1xf32>
      %171 = stablehlo.reshape %170 : (tensor<1xf32>) -> tensor<f32>
      %172 = stablehlo.broadcast_in_dim %171, dims = [] : (tensor<f32>) -> tensor<4xf32>
      %173 = stablehlo.divide %172, %167 : tensor<4xf32>
      %174 = stablehlo.broadcast_in_dim %169, dims = [] : (tensor<f32>) -> tensor<4xf32>
      %175 = stablehlo.subtract %174, %173 : tensor<4xf32>
      %176 = stablehlo.subtract %175, %iterArg_46 : tensor<4xf32>
      %177 = stablehlo.compare LE, %176, %iterArg_42, FLOAT : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
      %c_53 = stablehlo.constant dense<1> : tensor<i32>
      %178 = stablehlo.broadcast_in_dim %c_53, dims = [] : (tensor<i32>) -> tensor<4xi32>
      %179 = stablehlo.add %163, %178 : tensor<4xi32>
      %180 = func.call @_where(%177, %179, %163) : (tensor<4xi1>, tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
      %181 = stablehlo.compare LE, %176, %iterArg_42, FLOAT : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
      %182 = stablehlo.negate %iterArg_42 : tensor<4xf32>
      %183 = stablehlo.minimum %176, %182 : tensor<4xf32>
      %184 = func.call @_where_0(%181, %183, %176) : (tensor<4xi1>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
      %c_54 = stablehlo.constant dense<4> : tensor<i32>
      %185:7 = stablehlo.while(%iterArg_57 = %iterArg_39, %iterArg_58 = %iterArg_41, %iterArg_59 = %iterArg_46, %iterArg_60 = %iterArg_42, %iterArg_61 = %c_54, %iterArg_62 = %184, %iterArg_63 = %180) : tensor<4xf32>, tensor<3xf32>, tensor<4xf32>, tensor<4xf32>, tensor<i32>, tensor<4xf32>, tensor<4xi32>
      cond {
        %c_64 = stablehlo.constant dense<4> : tensor<i32>
        %194 = stablehlo.compare LT, %iterArg_61, %c_64, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
        stablehlo.return %194 : tensor<i1>
      } do {
        %c_64 = stablehlo.constant dense<0> : tensor<i32>
        %194 = stablehlo.add %iterArg_61, %c_64 : tensor<i32>
        %c_65 = stablehlo.constant dense<0> : tensor<i32>
        %195 = stablehlo.compare LT, %194, %c_65, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
        %196 = stablehlo.convert %194 : tensor<i32>
        %c_66 = stablehlo.constant dense<4> : tensor<i32>
        %197 = stablehlo.add %196, %c_66 : tensor<i32>
        %198 = stablehlo.select %195, %197, %194 : tensor<i1>, tensor<i32>
        %199 = stablehlo.dynamic_slice %iterArg_57, %198, sizes = [1] : (tensor<4xf32>, tensor<i32>) -> tensor<1xf32>
        %200 = stablehlo.reshape %199 : (tensor<1xf32>) -> tensor<f32>
        %c_67 = stablehlo.constant dense<1> : tensor<i32>
        %201 = stablehlo.subtract %194, %c_67 : tensor<i32>
        %c_68 = stablehlo.constant dense<0> : tensor<i32>
        %202 = stablehlo.compare LT, %201, %c_68, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
        %203 = stablehlo.convert %201 : tensor<i32>
        %c_69 = stablehlo.constant dense<3> : tensor<i32>
        %204 = stablehlo.add %203, %c_69 : tensor<i32>
        %205 = stablehlo.select %202, %204, %201 : tensor<i1>, tensor<i32>
        %206 = stablehlo.dynamic_slice %iterArg_58, %205, sizes = [1] : (tensor<3xf32>, tensor<i32>) -> tensor<1xf32>
        %207 = stablehlo.reshape %206 : (tensor<1xf32>) -> tensor<f32>
        %208 = stablehlo.broadcast_in_dim %207, dims = [] : (tensor<f32>) -> tensor<4xf32>
        %209 = stablehlo.divide %208, %iterArg_62 : tensor<4xf32>
        %210 = stablehlo.broadcast_in_dim %200, dims = [] : (tensor<f32>) -> tensor<4xf32>
        %211 = stablehlo.subtract %210, %209 : tensor<4xf32>
        %212 = stablehlo.subtract %211, %iterArg_59 : tensor<4xf32>
        %213 = stablehlo.compare LE, %212, %iterArg_60, FLOAT : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
        %c_70 = stablehlo.constant dense<1> : tensor<i32>
        %214 = stablehlo.broadcast_in_dim %c_70, dims = [] : (tensor<i32>) -> tensor<4xi32>
        %215 = stablehlo.add %iterArg_63, %214 : tensor<4xi32>
        %216 = func.call @_where(%213, %215, %iterArg_63) : (tensor<4xi1>, tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
        %217 = stablehlo.compare LE, %212, %iterArg_60, FLOAT : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
        %218 = stablehlo.negate %iterArg_60 : tensor<4xf32>
        %219 = stablehlo.minimum %212, %218 : tensor<4xf32>
        %220 = func.call @_where_0(%217, %219, %212) : (tensor<4xi1>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
        %c_71 = stablehlo.constant dense<1> : tensor<i32>
        %221 = stablehlo.add %iterArg_61, %c_71 : tensor<i32>
        %c_72 = stablehlo.constant dense<0> : tensor<i32>
        %222 = stablehlo.compare LT, %221, %c_72, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
        %223 = stablehlo.convert %221 : tensor<i32>
        %c_73 = stablehlo.constant dense<4> : tensor<i32>
        %224 = stablehlo.add %223, %c_73 : tensor<i32>
        %225 = stablehlo.select %222, %224, %221 : tensor<i1>, tensor<i32>
        %226 = stablehlo.dynamic_slice %iterArg_57, %225, sizes = [1] : (tensor<4xf32>, tensor<i32>) -> tensor<1xf32>
        %227 = stablehlo.reshape %226 : (tensor<1xf32>) -> tensor<f32>
        %c_74 = stablehlo.constant dense<1> : tensor<i32>
        %228 = stablehlo.subtract %221, %c_74 : tensor<i32>
        %c_75 = stablehlo.constant dense<0> : tensor<i32>
        %229 = stablehlo.compare LT, %228, %c_75, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
        %230 = stablehlo.convert %228 : tensor<i32>
        %c_76 = stablehlo.constant dense<3> : tensor<i32>
        %231 = stablehlo.add %230, %c_76 : tensor<i32>
        %232 = stablehlo.select %229, %231, %228 : tensor<i1>, tensor<i32>
        %233 = stablehlo.dynamic_slice %iterArg_58, %232, sizes = [1] : (tensor<3xf32>, tensor<i32>) -> tensor<1xf32>
        %234 = stablehlo.reshape %233 : (tensor<1xf32>) -> tensor<f32>
        %235 = stablehlo.broadcast_in_dim %234, dims = [] : (tensor<f32>) -> tensor<4xf32>
        %236 = stablehlo.divide %235, %220 : tensor<4xf32>
        %237 = stablehlo.broadcast_in_dim %227, dims = [] : (tensor<f32>) -> tensor<4xf32>
        %238 = stablehlo.subtract %237, %236 : tensor<4xf32>
        %239 = stablehlo.subtract %238, %iterArg_59 : tensor<4xf32>
        %240 = stablehlo.compare LE, %239, %iterArg_60, FLOAT : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
        %c_77 = stablehlo.constant dense<1> : tensor<i32>
        %241 = stablehlo.broadcast_in_dim %c_77, dims = [] : (tensor<i32>) -> tensor<4xi32>
        %242 = stablehlo.add %216, %241 : tensor<4xi32>
        %243 = func.call @_where(%240, %242, %216) : (tensor<4xi1>, tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
        %244 = stablehlo.compare LE, %239, %iterArg_60, FLOAT : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
        %245 = stablehlo.negate %iterArg_60 : tensor<4xf32>
        %246 = stablehlo.minimum %239, %245 : tensor<4xf32>
        %247 = func.call @_where_0(%244, %246, %239) : (tensor<4xi1>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
        %c_78 = stablehlo.constant dense<2> : tensor<i32>
        %248 = stablehlo.add %iterArg_61, %c_78 : tensor<i32>
        %c_79 = stablehlo.constant dense<0> : tensor<i32>
        %249 = stablehlo.compare LT, %248, %c_79, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
        %250 = stablehlo.convert %248 : tensor<i32>
        %c_80 = stablehlo.constant dense<4> : tensor<i32>
        %251 = stablehlo.add %250, %c_80 : tensor<i32>
        %252 = stablehlo.select %249, %251, %248 : tensor<i1>, tensor<i32>
        %253 = stablehlo.dynamic_slice %iterArg_57, %252, sizes = [1] : (tensor<4xf32>, tensor<i32>) -> tensor<1xf32>
        %254 = stablehlo.reshape %253 : (tensor<1xf32>) -> tensor<f32>
        %c_81 = stablehlo.constant dense<1> : tensor<i32>
        %255 = stablehlo.subtract %248, %c_81 : tensor<i32>
        %c_82 = stablehlo.constant dense<0> : tensor<i32>
        %256 = stablehlo.compare LT, %255, %c_82, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
        %257 = stablehlo.convert %255 : tensor<i32>
        %c_83 = stablehlo.constant dense<3> : tensor<i32>
        %258 = stablehlo.add %257, %c_83 : tensor<i32>
        %259 = stablehlo.select %256, %258, %255 : tensor<i1>, tensor<i32>
        %260 = stablehlo.dynamic_slice %iterArg_58, %259, sizes = [1] : (tensor<3xf32>, tensor<i32>) -> tensor<1xf32>
        %261 = stablehlo.reshape %260 : (tensor<1xf32>) -> tensor<f32>
        %262 = stablehlo.broadcast_in_dim %261, dims = [] : (tensor<f32>) -> tensor<4xf32>
        %263 = stablehlo.divide %262, %247 : tensor<4xf32>
        %264 = stablehlo.broadcast_in_dim %254, dims = [] : (tensor<f32>) -> tensor<4xf32>
        %265 = stablehlo.subtract %264, %263 : tensor<4xf32>
        %266 = stablehlo.subtract %265, %iterArg_59 : tensor<4xf32>
        %267 = stablehlo.compare LE, %266, %iterArg_60, FLOAT : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
        %c_84 = stablehlo.constant dense<1> : tensor<i32>
        %268 = stablehlo.broadcast_in_dim %c_84, dims = [] : (tensor<i32>) -> tensor<4xi32>
        %269 = stablehlo.add %243, %268 : tensor<4xi32>
        %270 = func.call @_where(%267, %269, %243) : (tensor<4xi1>, tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
        %271 = stablehlo.compare LE, %266, %iterArg_60, FLOAT : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
        %272 = stablehlo.negate %iterArg_60 : tensor<4xf32>
        %273 = stablehlo.minimum %266, %272 : tensor<4xf32>
        %274 = func.call @_where_0(%271, %273, %266) : (tensor<4xi1>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
        %c_85 = stablehlo.constant dense<3> : tensor<i32>
        %275 = stablehlo.add %iterArg_61, %c_85 : tensor<i32>
        %c_86 = stablehlo.constant dense<0> : tensor<i32>
        %276 = stablehlo.compare LT, %275, %c_86, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
        %277 = stablehlo.convert %275 : tensor<i32>
        %c_87 = stablehlo.constant dense<4> : tensor<i32>
        %278 = stablehlo.add %277, %c_87 : tensor<i32>
        %279 = stablehlo.select %276, %278, %275 : tensor<i1>, tensor<i32>
        %280 = stablehlo.dynamic_slice %iterArg_57, %279, sizes = [1] : (tensor<4xf32>, tensor<i32>) -> tensor<1xf32>
        %281 = stablehlo.reshape %280 : (tensor<1xf32>) -> tensor<f32>
        %c_88 = stablehlo.constant dense<1> : tensor<i32>
        %282 = stablehlo.subtract %275, %c_88 : tensor<i32>
        %c_89 = stablehlo.constant dense<0> : tensor<i32>
        %283 = stablehlo.compare LT, %282, %c_89, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
        %284 = stablehlo.convert %282 : tensor<i32>
        %c_90 = stablehlo.constant dense<3> : tensor<i32>
        %285 = stablehlo.add %284, %c_90 : tensor<i32>
        %286 = stablehlo.select %283, %285, %282 : tensor<i1>, tensor<i32>
        %287 = stablehlo.dynamic_slice %iterArg_58, %286, sizes = [1] : (tensor<3xf32>, tensor<i32>) -> tensor<1xf32>
        %288 = stablehlo.reshape %287 : (tensor<1xf32>) -> tensor<f32>
        %289 = stablehlo.broadcast_in_dim %288, dims = [] : (tensor<f32>) -> tensor<4xf32>
        %290 = stablehlo.divide %289, %274 : tensor<4xf32>
        %291 = stablehlo.broadcast_in_dim %281, dims = [] : (tensor<f32>) -> tensor<4xf32>
        %292 = stablehlo.subtract %291, %290 : tensor<4xf32>
        %293 = stablehlo.subtract %292, %iterArg_59 : tensor<4xf32>
        %294 = stablehlo.compare LE, %293, %iterArg_60, FLOAT : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
        %c_91 = stablehlo.constant dense<1> : tensor<i32>
        %295 = stablehlo.broadcast_in_dim %c_91, dims = [] : (tensor<i32>) -> tensor<4xi32>
        %296 = stablehlo.add %270, %295 : tensor<4xi32>
        %297 = func.call @_where(%294, %296, %270) : (tensor<4xi1>, tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
        %298 = stablehlo.compare LE, %293, %iterArg_60, FLOAT : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
        %299 = stablehlo.negate %iterArg_60 : tensor<4xf32>
        %300 = stablehlo.minimum %293, %299 : tensor<4xf32>
        %301 = func.call @_where_0(%298, %300, %293) : (tensor<4xi1>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
        %c_92 = stablehlo.constant dense<4> : tensor<i32>
        %302 = stablehlo.add %iterArg_61, %c_92 : tensor<i32>
        %c_93 = stablehlo.constant dense<0> : tensor<i32>
        %303 = stablehlo.compare LT, %302, %c_93, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
        %304 = stablehlo.convert %302 : tensor<i32>
        %c_94 = stablehlo.constant dense<4> : tensor<i32>
        %305 = stablehlo.add %304, %c_94 : tensor<i32>
        %306 = stablehlo.select %303, %305, %302 : tensor<i1>, tensor<i32>
        %307 = stablehlo.dynamic_slice %iterArg_57, %306, sizes = [1] : (tensor<4xf32>, tensor<i32>) -> tensor<1xf32>
        %308 = stablehlo.reshape %307 : (tensor<1xf32>) -> tensor<f32>
        %c_95 = stablehlo.constant dense<1> : tensor<i32>
        %309 = stablehlo.subtract %302, %c_95 : tensor<i32>
        %c_96 = stablehlo.constant dense<0> : tensor<i32>
        %310 = stablehlo.compare LT, %309, %c_96, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
        %311 = stablehlo.convert %309 : tensor<i32>
        %c_97 = stablehlo.constant dense<3> : tensor<i32>
        %312 = stablehlo.add %311, %c_97 : tensor<i32>
        %313 = stablehlo.select %310, %312, %309 : tensor<i1>, tensor<i32>
        %314 = stablehlo.dynamic_slice %iterArg_58, %313, sizes = [1] : (tensor<3xf32>, tensor<i32>) -> tensor<1xf32>
        %315 = stablehlo.reshape %314 : (tensor<1xf32>) -> tensor<f32>
        %316 = stablehlo.broadcast_in_dim %315, dims = [] : (tensor<f32>) -> tensor<4xf32>
        %317 = stablehlo.divide %316, %301 : tensor<4xf32>
        %318 = stablehlo.broadcast_in_dim %308, dims = [] : (tensor<f32>) -> tensor<4xf32>
        %319 = stablehlo.subtract %318, %317 : tensor<4xf32>
        %320 = stablehlo.subtract %319, %iterArg_59 : tensor<4xf32>
        %321 = stablehlo.compare LE, %320, %iterArg_60, FLOAT : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
        %c_98 = stablehlo.constant dense<1> : tensor<i32>
        %322 = stablehlo.broadcast_in_dim %c_98, dims = [] : (tensor<i32>) -> tensor<4xi32>
        %323 = stablehlo.add %297, %322 : tensor<4xi32>
        %324 = func.call @_where(%321, %323, %297) : (tensor<4xi1>, tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
        %325 = stablehlo.compare LE, %320, %iterArg_60, FLOAT : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
        %326 = stablehlo.negate %iterArg_60 : tensor<4xf32>
        %327 = stablehlo.minimum %320, %326 : tensor<4xf32>
        %328 = func.call @_where_0(%325, %327, %320) : (tensor<4xi1>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
        %c_99 = stablehlo.constant dense<5> : tensor<i32>
        %329 = stablehlo.add %iterArg_61, %c_99 : tensor<i32>
        %c_100 = stablehlo.constant dense<0> : tensor<i32>
        %330 = stablehlo.compare LT, %329, %c_100, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
        %331 = stablehlo.convert %329 : tensor<i32>
        %c_101 = stablehlo.constant dense<4> : tensor<i32>
        %332 = stablehlo.add %331, %c_101 : tensor<i32>
        %333 = stablehlo.select %330, %332, %329 : tensor<i1>, tensor<i32>
        %334 = stablehlo.dynamic_slice %iterArg_57, %333, sizes = [1] : (tensor<4xf32>, tensor<i32>) -> tensor<1xf32>
        %335 = stablehlo.reshape %334 : (tensor<1xf32>) -> tensor<f32>
        %c_102 = stablehlo.constant dense<1> : tensor<i32>
        %336 = stablehlo.subtract %329, %c_102 : tensor<i32>
        %c_103 = stablehlo.constant dense<0> : tensor<i32>
        %337 = stablehlo.compare LT, %336, %c_103, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
        %338 = stablehlo.convert %336 : tensor<i32>
        %c_104 = stablehlo.constant dense<3> : tensor<i32>
        %339 = stablehlo.add %338, %c_104 : tensor<i32>
        %340 = stablehlo.select %337, %339, %336 : tensor<i1>, tensor<i32>
        %341 = stablehlo.dynamic_slice %iterArg_58, %340, sizes = [1] : (tensor<3xf32>, tensor<i32>) -> tensor<1xf32>
        %342 = stablehlo.reshape %341 : (tensor<1xf32>) -> tensor<f32>
        %343 = stablehlo.broadcast_in_dim %342, dims = [] : (tensor<f32>) -> tensor<4xf32>
        %344 = stablehlo.divide %343, %328 : tensor<4xf32>
        %345 = stablehlo.broadcast_in_dim %335, dims = [] : (tensor<f32>) -> tensor<4xf32>
        %346 = stablehlo.subtract %345, %344 : tensor<4xf32>
        %347 = stablehlo.subtract %346, %iterArg_59 : tensor<4xf32>
        %348 = stablehlo.compare LE, %347, %iterArg_60, FLOAT : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
        %c_105 = stablehlo.constant dense<1> : tensor<i32>
        %349 = stablehlo.broadcast_in_dim %c_105, dims = [] : (tensor<i32>) -> tensor<4xi32>
        %350 = stablehlo.add %324, %349 : tensor<4xi32>
        %351 = func.call @_where(%348, %350, %324) : (tensor<4xi1>, tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
        %352 = stablehlo.compare LE, %347, %iterArg_60, FLOAT : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
        %353 = stablehlo.negate %iterArg_60 : tensor<4xf32>
        %354 = stablehlo.minimum %347, %353 : tensor<4xf32>
        %355 = func.call @_where_0(%352, %354, %347) : (tensor<4xi1>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
        %c_106 = stablehlo.constant dense<6> : tensor<i32>
        %356 = stablehlo.add %iterArg_61, %c_106 : tensor<i32>
        %c_107 = stablehlo.constant dense<0> : tensor<i32>
        %357 = stablehlo.compare LT, %356, %c_107, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
        %358 = stablehlo.convert %356 : tensor<i32>
        %c_108 = stablehlo.constant dense<4> : tensor<i32>
        %359 = stablehlo.add %358, %c_108 : tensor<i32>
        %360 = stablehlo.select %357, %359, %356 : tensor<i1>, tensor<i32>
        %361 = stablehlo.dynamic_slice %iterArg_57, %360, sizes = [1] : (tensor<4xf32>, tensor<i32>) -> tensor<1xf32>
        %362 = stablehlo.reshape %361 : (tensor<1xf32>) -> tensor<f32>
        %c_109 = stablehlo.constant dense<1> : tensor<i32>
        %363 = stablehlo.subtract %356, %c_109 : tensor<i32>
        %c_110 = stablehlo.constant dense<0> : tensor<i32>
        %364 = stablehlo.compare LT, %363, %c_110, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
        %365 = stablehlo.convert %363 : tensor<i32>
        %c_111 = stablehlo.constant dense<3> : tensor<i32>
        %366 = stablehlo.add %365, %c_111 : tensor<i32>
        %367 = stablehlo.select %364, %366, %363 : tensor<i1>, tensor<i32>
        %368 = stablehlo.dynamic_slice %iterArg_58, %367, sizes = [1] : (tensor<3xf32>, tensor<i32>) -> tensor<1xf32>
        %369 = stablehlo.reshape %368 : (tensor<1xf32>) -> tensor<f32>
        %370 = stablehlo.broadcast_in_dim %369, dims = [] : (tensor<f32>) -> tensor<4xf32>
        %371 = stablehlo.divide %370, %355 : tensor<4xf32>
        %372 = stablehlo.broadcast_in_dim %362, dims = [] : (tensor<f32>) -> tensor<4xf32>
        %373 = stablehlo.subtract %372, %371 : tensor<4xf32>
        %374 = stablehlo.subtract %373, %iterArg_59 : tensor<4xf32>
        %375 = stablehlo.compare LE, %374, %iterArg_60, FLOAT : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
        %c_112 = stablehlo.constant dense<1> : tensor<i32>
        %376 = stablehlo.broadcast_in_dim %c_112, dims = [] : (tensor<i32>) -> tensor<4xi32>
        %377 = stablehlo.add %351, %376 : tensor<4xi32>
        %378 = func.call @_where(%375, %377, %351) : (tensor<4xi1>, tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
        %379 = stablehlo.compare LE, %374, %iterArg_60, FLOAT : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
        %380 = stablehlo.negate %iterArg_60 : tensor<4xf32>
        %381 = stablehlo.minimum %374, %380 : tensor<4xf32>
        %382 = func.call @_where_0(%379, %381, %374) : (tensor<4xi1>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
        %c_113 = stablehlo.constant dense<7> : tensor<i32>
        %383 = stablehlo.add %iterArg_61, %c_113 : tensor<i32>
        %c_114 = stablehlo.constant dense<0> : tensor<i32>
        %384 = stablehlo.compare LT, %383, %c_114, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
        %385 = stablehlo.convert %383 : tensor<i32>
        %c_115 = stablehlo.constant dense<4> : tensor<i32>
        %386 = stablehlo.add %385, %c_115 : tensor<i32>
        %387 = stablehlo.select %384, %386, %383 : tensor<i1>, tensor<i32>
        %388 = stablehlo.dynamic_slice %iterArg_57, %387, sizes = [1] : (tensor<4xf32>, tensor<i32>) -> tensor<1xf32>
        %389 = stablehlo.reshape %388 : (tensor<1xf32>) -> tensor<f32>
        %c_116 = stablehlo.constant dense<1> : tensor<i32>
        %390 = stablehlo.subtract %383, %c_116 : tensor<i32>
        %c_117 = stablehlo.constant dense<0> : tensor<i32>
        %391 = stablehlo.compare LT, %390, %c_117, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
        %392 = stablehlo.convert %390 : tensor<i32>
        %c_118 = stablehlo.constant dense<3> : tensor<i32>
        %393 = stablehlo.add %392, %c_118 : tensor<i32>
        %394 = stablehlo.select %391, %393, %390 : tensor<i1>, tensor<i32>
        %395 = stablehlo.dynamic_slice %iterArg_58, %394, sizes = [1] : (tensor<3xf32>, tensor<i32>) -> tensor<1xf32>
        %396 = stablehlo.reshape %395 : (tensor<1xf32>) -> tensor<f32>
        %397 = stablehlo.broadcast_in_dim %396, dims = [] : (tensor<f32>) -> tensor<4xf32>
        %398 = stablehlo.divide %397, %382 : tensor<4xf32>
        %399 = stablehlo.broadcast_in_dim %389, dims = [] : (tensor<f32>) -> tensor<4xf32>
        %400 = stablehlo.subtract %399, %398 : tensor<4xf32>
        %401 = stablehlo.subtract %400, %iterArg_59 : tensor<4xf32>
        %402 = stablehlo.compare LE, %401, %iterArg_60, FLOAT : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
        %c_119 = stablehlo.constant dense<1> : tensor<i32>
        %403 = stablehlo.broadcast_in_dim %c_119, dims = [] : (tensor<i32>) -> tensor<4xi32>
        %404 = stablehlo.add %378, %403 : tensor<4xi32>
        %405 = func.call @_where(%402, %404, %378) : (tensor<4xi1>, tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
        %406 = stablehlo.compare LE, %401, %iterArg_60, FLOAT : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
        %407 = stablehlo.negate %iterArg_60 : tensor<4xf32>
        %408 = stablehlo.minimum %401, %407 : tensor<4xf32>
        %409 = func.call @_where_0(%406, %408, %401) : (tensor<4xi1>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
        %c_120 = stablehlo.constant dense<8> : tensor<i32>
        %410 = stablehlo.add %iterArg_61, %c_120 : tensor<i32>
        %c_121 = stablehlo.constant dense<0> : tensor<i32>
        %411 = stablehlo.compare LT, %410, %c_121, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
        %412 = stablehlo.convert %410 : tensor<i32>
        %c_122 = stablehlo.constant dense<4> : tensor<i32>
        %413 = stablehlo.add %412, %c_122 : tensor<i32>
        %414 = stablehlo.select %411, %413, %410 : tensor<i1>, tensor<i32>
        %415 = stablehlo.dynamic_slice %iterArg_57, %414, sizes = [1] : (tensor<4xf32>, tensor<i32>) -> tensor<1xf32>
        %416 = stablehlo.reshape %415 : (tensor<1xf32>) -> tensor<f32>
        %c_123 = stablehlo.constant dense<1> : tensor<i32>
        %417 = stablehlo.subtract %410, %c_123 : tensor<i32>
        %c_124 = stablehlo.constant dense<0> : tensor<i32>
        %418 = stablehlo.compare LT, %417, %c_124, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
        %419 = stablehlo.convert %417 : tensor<i32>
        %c_125 = stablehlo.constant dense<3> : tensor<i32>
        %420 = stablehlo.add %419, %c_125 : tensor<i32>
        %421 = stablehlo.select %418, %420, %417 : tensor<i1>, tensor<i32>
        %422 = stablehlo.dynamic_slice %iterArg_58, %421, sizes = [1] : (tensor<3xf32>, tensor<i32>) -> tensor<1xf32>
        %423 = stablehlo.reshape %422 : (tensor<1xf32>) -> tensor<f32>
        %424 = stablehlo.broadcast_in_dim %423, dims = [] : (tensor<f32>) -> tensor<4xf32>
        %425 = stablehlo.divide %424, %409 : tensor<4xf32>
        %426 = stablehlo.broadcast_in_dim %416, dims = [] : (tensor<f32>) -> tensor<4xf32>
        %427 = stablehlo.subtract %426, %425 : tensor<4xf32>
        %428 = stablehlo.subtract %427, %iterArg_59 : tensor<4xf32>
        %429 = stablehlo.compare LE, %428, %iterArg_60, FLOAT : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
        %c_126 = stablehlo.constant dense<1> : tensor<i32>
        %430 = stablehlo.broadcast_in_dim %c_126, dims = [] : (tensor<i32>) -> tensor<4xi32>
        %431 = stablehlo.add %405, %430 : tensor<4xi32>
        %432 = func.call @_where(%429, %431, %405) : (tensor<4xi1>, tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
        %433 = stablehlo.compare LE, %428, %iterArg_60, FLOAT : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
        %434 = stablehlo.negate %iterArg_60 : tensor<4xf32>
        %435 = stablehlo.minimum %428, %434 : tensor<4xf32>
        %436 = func.call @_where_0(%433, %435, %428) : (tensor<4xi1>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
        %c_127 = stablehlo.constant dense<9> : tensor<i32>
        %437 = stablehlo.add %iterArg_61, %c_127 : tensor<i32>
        %c_128 = stablehlo.constant dense<0> : tensor<i32>
        %438 = stablehlo.compare LT, %437, %c_128, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
        %439 = stablehlo.convert %437 : tensor<i32>
        %c_129 = stablehlo.constant dense<4> : tensor<i32>
        %440 = stablehlo.add %439, %c_129 : tensor<i32>
        %441 = stablehlo.select %438, %440, %437 : tensor<i1>, tensor<i32>
        %442 = stablehlo.dynamic_slice %iterArg_57, %441, sizes = [1] : (tensor<4xf32>, tensor<i32>) -> tensor<1xf32>
        %443 = stablehlo.reshape %442 : (tensor<1xf32>) -> tensor<f32>
        %c_130 = stablehlo.constant dense<1> : tensor<i32>
        %444 = stablehlo.subtract %437, %c_130 : tensor<i32>
        %c_131 = stablehlo.constant dense<0> : tensor<i32>
        %445 = stablehlo.compare LT, %444, %c_131, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
        %446 = stablehlo.convert %444 : tensor<i32>
        %c_132 = stablehlo.constant dense<3> : tensor<i32>
        %447 = stablehlo.add %446, %c_132 : tensor<i32>
        %448 = stablehlo.select %445, %447, %444 : tensor<i1>, tensor<i32>
        %449 = stablehlo.dynamic_slice %iterArg_58, %448, sizes = [1] : (tensor<3xf32>, tensor<i32>) -> tensor<1xf32>
        %450 = stablehlo.reshape %449 : (tensor<1xf32>) -> tensor<f32>
        %451 = stablehlo.broadcast_in_dim %450, dims = [] : (tensor<f32>) -> tensor<4xf32>
        %452 = stablehlo.divide %451, %436 : tensor<4xf32>
        %453 = stablehlo.broadcast_in_dim %443, dims = [] : (tensor<f32>) -> tensor<4xf32>
        %454 = stablehlo.subtract %453, %452 : tensor<4xf32>
        %455 = stablehlo.subtract %454, %iterArg_59 : tensor<4xf32>
        %456 = stablehlo.compare LE, %455, %iterArg_60, FLOAT : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
        %c_133 = stablehlo.constant dense<1> : tensor<i32>
        %457 = stablehlo.broadcast_in_dim %c_133, dims = [] : (tensor<i32>) -> tensor<4xi32>
        %458 = stablehlo.add %432, %457 : tensor<4xi32>
        %459 = func.call @_where(%456, %458, %432) : (tensor<4xi1>, tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
        %460 = stablehlo.compare LE, %455, %iterArg_60, FLOAT : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
        %461 = stablehlo.negate %iterArg_60 : tensor<4xf32>
        %462 = stablehlo.minimum %455, %461 : tensor<4xf32>
        %463 = func.call @_where_0(%460, %462, %455) : (tensor<4xi1>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
        %c_134 = stablehlo.constant dense<10> : tensor<i32>
        %464 = stablehlo.add %iterArg_61, %c_134 : tensor<i32>
        %c_135 = stablehlo.constant dense<0> : tensor<i32>
        %465 = stablehlo.compare LT, %464, %c_135, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
        %466 = stablehlo.convert %464 : tensor<i32>
        %c_136 = stablehlo.constant dense<4> : tensor<i32>
        %467 = stablehlo.add %466, %c_136 : tensor<i32>
        %468 = stablehlo.select %465, %467, %464 : tensor<i1>, tensor<i32>
        %469 = stablehlo.dynamic_slice %iterArg_57, %468, sizes = [1] : (tensor<4xf32>, tensor<i32>) -> tensor<1xf32>
        %470 = stablehlo.reshape %469 : (tensor<1xf32>) -> tensor<f32>
        %c_137 = stablehlo.constant dense<1> : tensor<i32>
        %471 = stablehlo.subtract %464, %c_137 : tensor<i32>
        %c_138 = stablehlo.constant dense<0> : tensor<i32>
        %472 = stablehlo.compare LT, %471, %c_138, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
        %473 = stablehlo.convert %471 : tensor<i32>
        %c_139 = stablehlo.constant dense<3> : tensor<i32>
        %474 = stablehlo.add %473, %c_139 : tensor<i32>
        %475 = stablehlo.select %472, %474, %471 : tensor<i1>, tensor<i32>
        %476 = stablehlo.dynamic_slice %iterArg_58, %475, sizes = [1] : (tensor<3xf32>, tensor<i32>) -> tensor<1xf32>
        %477 = stablehlo.reshape %476 : (tensor<1xf32>) -> tensor<f32>
        %478 = stablehlo.broadcast_in_dim %477, dims = [] : (tensor<f32>) -> tensor<4xf32>
        %479 = stablehlo.divide %478, %463 : tensor<4xf32>
        %480 = stablehlo.broadcast_in_dim %470, dims = [] : (tensor<f32>) -> tensor<4xf32>
        %481 = stablehlo.subtract %480, %479 : tensor<4xf32>
        %482 = stablehlo.subtract %481, %iterArg_59 : tensor<4xf32>
        %483 = stablehlo.compare LE, %482, %iterArg_60, FLOAT : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
        %c_140 = stablehlo.constant dense<1> : tensor<i32>
        %484 = stablehlo.broadcast_in_dim %c_140, dims = [] : (tensor<i32>) -> tensor<4xi32>
        %485 = stablehlo.add %459, %484 : tensor<4xi32>
        %486 = func.call @_where(%483, %485, %459) : (tensor<4xi1>, tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
        %487 = stablehlo.compare LE, %482, %iterArg_60, FLOAT : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
        %488 = stablehlo.negate %iterArg_60 : tensor<4xf32>
        %489 = stablehlo.minimum %482, %488 : tensor<4xf32>
        %490 = func.call @_where_0(%487, %489, %482) : (tensor<4xi1>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
        %c_141 = stablehlo.constant dense<11> : tensor<i32>
        %491 = stablehlo.add %iterArg_61, %c_141 : tensor<i32>
        %c_142 = stablehlo.constant dense<0> : tensor<i32>
        %492 = stablehlo.compare LT, %491, %c_142, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
        %493 = stablehlo.convert %491 : tensor<i32>
        %c_143 = stablehlo.constant dense<4> : tensor<i32>
        %494 = stablehlo.add %493, %c_143 : tensor<i32>
        %495 = stablehlo.select %492, %494, %491 : tensor<i1>, tensor<i32>
        %496 = stablehlo.dynamic_slice %iterArg_57, %495, sizes = [1] : (tensor<4xf32>, tensor<i32>) -> tensor<1xf32>
        %497 = stablehlo.reshape %496 : (tensor<1xf32>) -> tensor<f32>
        %c_144 = stablehlo.constant dense<1> : tensor<i32>
        %498 = stablehlo.subtract %491, %c_144 : tensor<i32>
        %c_145 = stablehlo.constant dense<0> : tensor<i32>
        %499 = stablehlo.compare LT, %498, %c_145, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
        %500 = stablehlo.convert %498 : tensor<i32>
        %c_146 = stablehlo.constant dense<3> : tensor<i32>
        %501 = stablehlo.add %500, %c_146 : tensor<i32>
        %502 = stablehlo.select %499, %501, %498 : tensor<i1>, tensor<i32>
        %503 = stablehlo.dynamic_slice %iterArg_58, %502, sizes = [1] : (tensor<3xf32>, tensor<i32>) -> tensor<1xf32>
        %504 = stablehlo.reshape %503 : (tensor<1xf32>) -> tensor<f32>
        %505 = stablehlo.broadcast_in_dim %504, dims = [] : (tensor<f32>) -> tensor<4xf32>
        %506 = stablehlo.divide %505, %490 : tensor<4xf32>
        %507 = stablehlo.broadcast_in_dim %497, dims = [] : (tensor<f32>) -> tensor<4xf32>
        %508 = stablehlo.subtract %507, %506 : tensor<4xf32>
        %509 = stablehlo.subtract %508, %iterArg_59 : tensor<4xf32>
        %510 = stablehlo.compare LE, %509, %iterArg_60, FLOAT : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
        %c_147 = stablehlo.constant dense<1> : tensor<i32>
        %511 = stablehlo.broadcast_in_dim %c_147, dims = [] : (tensor<i32>) -> tensor<4xi32>
        %512 = stablehlo.add %486, %511 : tensor<4xi32>
        %513 = func.call @_where(%510, %512, %486) : (tensor<4xi1>, tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
        %514 = stablehlo.compare LE, %509, %iterArg_60, FLOAT : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
        %515 = stablehlo.negate %iterArg_60 : tensor<4xf32>
        %516 = stablehlo.minimum %509, %515 : tensor<4xf32>
        %517 = func.call @_where_0(%514, %516, %509) : (tensor<4xi1>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
        %c_148 = stablehlo.constant dense<12> : tensor<i32>
        %518 = stablehlo.add %iterArg_61, %c_148 : tensor<i32>
        %c_149 = stablehlo.constant dense<0> : tensor<i32>
        %519 = stablehlo.compare LT, %518, %c_149, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
        %520 = stablehlo.convert %518 : tensor<i32>
        %c_150 = stablehlo.constant dense<4> : tensor<i32>
        %521 = stablehlo.add %520, %c_150 : tensor<i32>
        %522 = stablehlo.select %519, %521, %518 : tensor<i1>, tensor<i32>
        %523 = stablehlo.dynamic_slice %iterArg_57, %522, sizes = [1] : (tensor<4xf32>, tensor<i32>) -> tensor<1xf32>
        %524 = stablehlo.reshape %523 : (tensor<1xf32>) -> tensor<f32>
        %c_151 = stablehlo.constant dense<1> : tensor<i32>
        %525 = stablehlo.subtract %518, %c_151 : tensor<i32>
        %c_152 = stablehlo.constant dense<0> : tensor<i32>
        %526 = stablehlo.compare LT, %525, %c_152, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
        %527 = stablehlo.convert %525 : tensor<i32>
        %c_153 = stablehlo.constant dense<3> : tensor<i32>
        %528 = stablehlo.add %527, %c_153 : tensor<i32>
        %529 = stablehlo.select %526, %528, %525 : tensor<i1>, tensor<i32>
        %530 = stablehlo.dynamic_slice %iterArg_58, %529, sizes = [1] : (tensor<3xf32>, tensor<i32>) -> tensor<1xf32>
        %531 = stablehlo.reshape %530 : (tensor<1xf32>) -> tensor<f32>
        %532 = stablehlo.broadcast_in_dim %531, dims = [] : (tensor<f32>) -> tensor<4xf32>
        %533 = stablehlo.divide %532, %517 : tensor<4xf32>
        %534 = stablehlo.broadcast_in_dim %524, dims = [] : (tensor<f32>) -> tensor<4xf32>
        %535 = stablehlo.subtract %534, %533 : tensor<4xf32>
        %536 = stablehlo.subtract %535, %iterArg_59 : tensor<4xf32>
        %537 = stablehlo.compare LE, %536, %iterArg_60, FLOAT : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
        %c_154 = stablehlo.constant dense<1> : tensor<i32>
        %538 = stablehlo.broadcast_in_dim %c_154, dims = [] : (tensor<i32>) -> tensor<4xi32>
        %539 = stablehlo.add %513, %538 : tensor<4xi32>
        %540 = func.call @_where(%537, %539, %513) : (tensor<4xi1>, tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
        %541 = stablehlo.compare LE, %536, %iterArg_60, FLOAT : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
        %542 = stablehlo.negate %iterArg_60 : tensor<4xf32>
        %543 = stablehlo.minimum %536, %542 : tensor<4xf32>
        %544 = func.call @_where_0(%541, %543, %536) : (tensor<4xi1>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
        %c_155 = stablehlo.constant dense<13> : tensor<i32>
        %545 = stablehlo.add %iterArg_61, %c_155 : tensor<i32>
        %c_156 = stablehlo.constant dense<0> : tensor<i32>
        %546 = stablehlo.compare LT, %545, %c_156, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
        %547 = stablehlo.convert %545 : tensor<i32>
        %c_157 = stablehlo.constant dense<4> : tensor<i32>
        %548 = stablehlo.add %547, %c_157 : tensor<i32>
        %549 = stablehlo.select %546, %548, %545 : tensor<i1>, tensor<i32>
        %550 = stablehlo.dynamic_slice %iterArg_57, %549, sizes = [1] : (tensor<4xf32>, tensor<i32>) -> tensor<1xf32>
        %551 = stablehlo.reshape %550 : (tensor<1xf32>) -> tensor<f32>
        %c_158 = stablehlo.constant dense<1> : tensor<i32>
        %552 = stablehlo.subtract %545, %c_158 : tensor<i32>
        %c_159 = stablehlo.constant dense<0> : tensor<i32>
        %553 = stablehlo.compare LT, %552, %c_159, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
        %554 = stablehlo.convert %552 : tensor<i32>
        %c_160 = stablehlo.constant dense<3> : tensor<i32>
        %555 = stablehlo.add %554, %c_160 : tensor<i32>
        %556 = stablehlo.select %553, %555, %552 : tensor<i1>, tensor<i32>
        %557 = stablehlo.dynamic_slice %iterArg_58, %556, sizes = [1] : (tensor<3xf32>, tensor<i32>) -> tensor<1xf32>
        %558 = stablehlo.reshape %557 : (tensor<1xf32>) -> tensor<f32>
        %559 = stablehlo.broadcast_in_dim %558, dims = [] : (tensor<f32>) -> tensor<4xf32>
        %560 = stablehlo.divide %559, %544 : tensor<4xf32>
        %561 = stablehlo.broadcast_in_dim %551, dims = [] : (tensor<f32>) -> tensor<4xf32>
        %562 = stablehlo.subtract %561, %560 : tensor<4xf32>
        %563 = stablehlo.subtract %562, %iterArg_59 : tensor<4xf32>
        %564 = stablehlo.compare LE, %563, %iterArg_60, FLOAT : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
        %c_161 = stablehlo.constant dense<1> : tensor<i32>
        %565 = stablehlo.broadcast_in_dim %c_161, dims = [] : (tensor<i32>) -> tensor<4xi32>
        %566 = stablehlo.add %540, %565 : tensor<4xi32>
        %567 = func.call @_where(%564, %566, %540) : (tensor<4xi1>, tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
        %568 = stablehlo.compare LE, %563, %iterArg_60, FLOAT : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
        %569 = stablehlo.negate %iterArg_60 : tensor<4xf32>
        %570 = stablehlo.minimum %563, %569 : tensor<4xf32>
        %571 = func.call @_where_0(%568, %570, %563) : (tensor<4xi1>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
        %c_162 = stablehlo.constant dense<14> : tensor<i32>
        %572 = stablehlo.add %iterArg_61, %c_162 : tensor<i32>
        %c_163 = stablehlo.constant dense<0> : tensor<i32>
        %573 = stablehlo.compare LT, %572, %c_163, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
        %574 = stablehlo.convert %572 : tensor<i32>
        %c_164 = stablehlo.constant dense<4> : tensor<i32>
        %575 = stablehlo.add %574, %c_164 : tensor<i32>
        %576 = stablehlo.select %573, %575, %572 : tensor<i1>, tensor<i32>
        %577 = stablehlo.dynamic_slice %iterArg_57, %576, sizes = [1] : (tensor<4xf32>, tensor<i32>) -> tensor<1xf32>
        %578 = stablehlo.reshape %577 : (tensor<1xf32>) -> tensor<f32>
        %c_165 = stablehlo.constant dense<1> : tensor<i32>
        %579 = stablehlo.subtract %572, %c_165 : tensor<i32>
        %c_166 = stablehlo.constant dense<0> : tensor<i32>
        %580 = stablehlo.compare LT, %579, %c_166, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
        %581 = stablehlo.convert %579 : tensor<i32>
        %c_167 = stablehlo.constant dense<3> : tensor<i32>
        %582 = stablehlo.add %581, %c_167 : tensor<i32>
        %583 = stablehlo.select %580, %582, %579 : tensor<i1>, tensor<i32>
        %584 = stablehlo.dynamic_slice %iterArg_58, %583, sizes = [1] : (tensor<3xf32>, tensor<i32>) -> tensor<1xf32>
        %585 = stablehlo.reshape %584 : (tensor<1xf32>) -> tensor<f32>
        %586 = stablehlo.broadcast_in_dim %585, dims = [] : (tensor<f32>) -> tensor<4xf32>
        %587 = stablehlo.divide %586, %571 : tensor<4xf32>
        %588 = stablehlo.broadcast_in_dim %578, dims = [] : (tensor<f32>) -> tensor<4xf32>
        %589 = stablehlo.subtract %588, %587 : tensor<4xf32>
        %590 = stablehlo.subtract %589, %iterArg_59 : tensor<4xf32>
        %591 = stablehlo.compare LE, %590, %iterArg_60, FLOAT : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
        %c_168 = stablehlo.constant dense<1> : tensor<i32>
        %592 = stablehlo.broadcast_in_dim %c_168, dims = [] : (tensor<i32>) -> tensor<4xi32>
        %593 = stablehlo.add %567, %592 : tensor<4xi32>
        %594 = func.call @_where(%591, %593, %567) : (tensor<4xi1>, tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
        %595 = stablehlo.compare LE, %590, %iterArg_60, FLOAT : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
        %596 = stablehlo.negate %iterArg_60 : tensor<4xf32>
        %597 = stablehlo.minimum %590, %596 : tensor<4xf32>
        %598 = func.call @_where_0(%595, %597, %590) : (tensor<4xi1>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
        %c_169 = stablehlo.constant dense<15> : tensor<i32>
        %599 = stablehlo.add %iterArg_61, %c_169 : tensor<i32>
        %c_170 = stablehlo.constant dense<0> : tensor<i32>
        %600 = stablehlo.compare LT, %599, %c_170, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
        %601 = stablehlo.convert %599 : tensor<i32>
        %c_171 = stablehlo.constant dense<4> : tensor<i32>
        %602 = stablehlo.add %601, %c_171 : tensor<i32>
        %603 = stablehlo.select %600, %602, %599 : tensor<i1>, tensor<i32>
        %604 = stablehlo.dynamic_slice %iterArg_57, %603, sizes = [1] : (tensor<4xf32>, tensor<i32>) -> tensor<1xf32>
        %605 = stablehlo.reshape %604 : (tensor<1xf32>) -> tensor<f32>
        %c_172 = stablehlo.constant dense<1> : tensor<i32>
        %606 = stablehlo.subtract %599, %c_172 : tensor<i32>
        %c_173 = stablehlo.constant dense<0> : tensor<i32>
        %607 = stablehlo.compare LT, %606, %c_173, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
        %608 = stablehlo.convert %606 : tensor<i32>
        %c_174 = stablehlo.constant dense<3> : tensor<i32>
        %609 = stablehlo.add %608, %c_174 : tensor<i32>
        %610 = stablehlo.select %607, %609, %606 : tensor<i1>, tensor<i32>
        %611 = stablehlo.dynamic_slice %iterArg_58, %610, sizes = [1] : (tensor<3xf32>, tensor<i32>) -> tensor<1xf32>
        %612 = stablehlo.reshape %611 : (tensor<1xf32>) -> tensor<f32>
        %613 = stablehlo.broadcast_in_dim %612, dims = [] : (tensor<f32>) -> tensor<4xf32>
        %614 = stablehlo.divide %613, %598 : tensor<4xf32>
        %615 = stablehlo.broadcast_in_dim %605, dims = [] : (tensor<f32>) -> tensor<4xf32>
        %616 = stablehlo.subtract %615, %614 : tensor<4xf32>
        %617 = stablehlo.subtract %616, %iterArg_59 : tensor<4xf32>
        %618 = stablehlo.compare LE, %617, %iterArg_60, FLOAT : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
        %c_175 = stablehlo.constant dense<1> : tensor<i32>
        %619 = stablehlo.broadcast_in_dim %c_175, dims = [] : (tensor<i32>) -> tensor<4xi32>
        %620 = stablehlo.add %594, %619 : tensor<4xi32>
        %621 = func.call @_where(%618, %620, %594) : (tensor<4xi1>, tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
        %622 = stablehlo.compare LE, %617, %iterArg_60, FLOAT : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
        %623 = stablehlo.negate %iterArg_60 : tensor<4xf32>
        %624 = stablehlo.minimum %617, %623 : tensor<4xf32>
        %625 = func.call @_where_0(%622, %624, %617) : (tensor<4xi1>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
        %c_176 = stablehlo.constant dense<16> : tensor<i32>
        %626 = stablehlo.add %iterArg_61, %c_176 : tensor<i32>
        stablehlo.return %iterArg_57, %iterArg_58, %iterArg_59, %iterArg_60, %626, %625, %621 : tensor<4xf32>, tensor<3xf32>, tensor<4xf32>, tensor<4xf32>, tensor<i32>, tensor<4xf32>, tensor<4xi32>
      }
      %186 = stablehlo.compare LE, %185#6, %iterArg_43, SIGNED : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
      %187 = func.call @_where_0(%186, %iterArg_46, %iterArg_45) : (tensor<4xi1>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
      %188 = stablehlo.compare GT, %185#6, %iterArg_43, SIGNED : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
      %189 = func.call @_where_0(%188, %iterArg_46, %iterArg_47) : (tensor<4xi1>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
      %190 = stablehlo.add %187, %189 : tensor<4xf32>
      %cst_55 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
      %191 = stablehlo.broadcast_in_dim %cst_55, dims = [] : (tensor<f32>) -> tensor<4xf32>
      %192 = stablehlo.multiply %191, %190 : tensor<4xf32>
      %c_56 = stablehlo.constant dense<1> : tensor<i32>
      %193 = stablehlo.add %iterArg_44, %c_56 : tensor<i32>
      stablehlo.return %iterArg, %iterArg_39, %iterArg_40, %iterArg_41, %iterArg_42, %iterArg_43, %193, %187, %192, %189 : tensor<f32>, tensor<4xf32>, tensor<4xf32>, tensor<3xf32>, tensor<4xf32>, tensor<4xi32>, tensor<i32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
    }
    %c_15 = stablehlo.constant dense<0> : tensor<i32>
    %48 = call @_pad(%arg1, %c_15) : (tensor<3xf32>, tensor<i32>) -> tensor<4xf32>
    %c_16 = stablehlo.constant dense<0> : tensor<i32>
    %49 = call @_pad_1(%arg1, %c_16) : (tensor<3xf32>, tensor<i32>) -> tensor<4xf32>
    %50 = stablehlo.slice %47#8 [1:4] : (tensor<4xf32>) -> tensor<3xf32>
    %51 = stablehlo.slice %47#8 [0:3] : (tensor<4xf32>) -> tensor<3xf32>
    %52 = stablehlo.subtract %50, %51 : tensor<3xf32>
    %53 = stablehlo.slice %47#8 [0:1] : (tensor<4xf32>) -> tensor<1xf32>
    %54 = stablehlo.reshape %53 : (tensor<1xf32>) -> tensor<f32>
    %55 = stablehlo.abs %54 : tensor<f32>
    %56 = stablehlo.slice %47#8 [3:4] : (tensor<4xf32>) -> tensor<1xf32>
    %57 = stablehlo.reshape %56 : (tensor<1xf32>) -> tensor<f32>
    %58 = stablehlo.abs %57 : tensor<f32>
    %59 = stablehlo.maximum %55, %58 : tensor<f32>
    %cst_17 = stablehlo.constant dense<1.1920929E-7> : tensor<f32>
    %60 = stablehlo.sqrt %cst_17 : tensor<f32>
    %61 = stablehlo.multiply %60, %59 : tensor<f32>
    %62 = stablehlo.broadcast_in_dim %61, dims = [] : (tensor<f32>) -> tensor<3xf32>
    %63 = stablehlo.compare LT, %52, %62, FLOAT : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xi1>
    %c_18 = stablehlo.constant dense<false> : tensor<i1>
    %64 = call @_pad_2(%63, %c_18) : (tensor<3xi1>, tensor<i1>) -> tensor<4xi1>
    %c_19 = stablehlo.constant dense<false> : tensor<i1>
    %65 = call @_pad_3(%63, %c_19) : (tensor<3xi1>, tensor<i1>) -> tensor<4xi1>
    %66 = stablehlo.not %64 : tensor<4xi1>
    %67 = stablehlo.and %66, %65 : tensor<4xi1>
    %68 = stablehlo.not %65 : tensor<4xi1>
    %69 = stablehlo.and %64, %68 : tensor<4xi1>
    %70 = call @cumsum(%67) : (tensor<4xi1>) -> tensor<4xi32>
    %c_20 = stablehlo.constant dense<0> : tensor<i32>
    %71 = stablehlo.broadcast_in_dim %c_20, dims = [] : (tensor<i32>) -> tensor<3xi32>
    %c_21 = stablehlo.constant dense<0> : tensor<i32>
    %72 = call @clip(%70, %c_21) : (tensor<4xi32>, tensor<i32>) -> tensor<4xi32>
    %c_22 = stablehlo.constant dense<0> : tensor<i32>
    %73 = stablehlo.broadcast_in_dim %c_22, dims = [] : (tensor<i32>) -> tensor<4xi32>
    %74 = stablehlo.compare LT, %72, %73, SIGNED : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
    %c_23 = stablehlo.constant dense<3> : tensor<i32>
    %75 = stablehlo.broadcast_in_dim %c_23, dims = [] : (tensor<i32>) -> tensor<4xi32>
    %76 = stablehlo.add %72, %75 : tensor<4xi32>
    %77 = stablehlo.select %74, %76, %72 : tensor<4xi1>, tensor<4xi32>
    %78 = stablehlo.broadcast_in_dim %77, dims = [0] : (tensor<4xi32>) -> tensor<4x1xi32>
    %c_24 = stablehlo.constant dense<1> : tensor<i32>
    %79 = stablehlo.broadcast_in_dim %c_24, dims = [] : (tensor<i32>) -> tensor<4xi32>
    %80 = "stablehlo.scatter"(%71, %78, %79) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, unique_indices = false}> ({
    ^bb0(%arg2: tensor<i32>, %arg3: tensor<i32>):
      %120 = stablehlo.add %arg2, %arg3 : tensor<i32>
      stablehlo.return %120 : tensor<i32>
    }) : (tensor<3xi32>, tensor<4x1xi32>, tensor<4xi32>) -> tensor<3xi32>
    %81 = call @cumsum_5(%80) : (tensor<3xi32>) -> tensor<3xi32>
    %c_25 = stablehlo.constant dense<1> : tensor<i32>
    %82 = call @floor_divide(%81, %c_25) : (tensor<3xi32>, tensor<i32>) -> tensor<3xi32>
    %c_26 = stablehlo.constant dense<4> : tensor<i32>
    %83 = call @remainder(%82, %c_26) : (tensor<3xi32>, tensor<i32>) -> tensor<3xi32>
    %84 = call @cumsum(%69) : (tensor<4xi1>) -> tensor<4xi32>
    %c_27 = stablehlo.constant dense<0> : tensor<i32>
    %85 = stablehlo.broadcast_in_dim %c_27, dims = [] : (tensor<i32>) -> tensor<3xi32>
    %c_28 = stablehlo.constant dense<0> : tensor<i32>
    %86 = call @clip(%84, %c_28) : (tensor<4xi32>, tensor<i32>) -> tensor<4xi32>
    %c_29 = stablehlo.constant dense<0> : tensor<i32>
    %87 = stablehlo.broadcast_in_dim %c_29, dims = [] : (tensor<i32>) -> tensor<4xi32>
    %88 = stablehlo.compare LT, %86, %87, SIGNED : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
    %c_30 = stablehlo.constant dense<3> : tensor<i32>
    %89 = stablehlo.broadcast_in_dim %c_30, dims = [] : (tensor<i32>) -> tensor<4xi32>
    %90 = stablehlo.add %86, %89 : tensor<4xi32>
    %91 = stablehlo.select %88, %90, %86 : tensor<4xi1>, tensor<4xi32>
    %92 = stablehlo.broadcast_in_dim %91, dims = [0] : (tensor<4xi32>) -> tensor<4x1xi32>
    %c_31 = stablehlo.constant dense<1> : tensor<i32>
    %93 = stablehlo.broadcast_in_dim %c_31, dims = [] : (tensor<i32>) -> tensor<4xi32>
    %94 = "stablehlo.scatter"(%85, %92, %93) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, unique_indices = false}> ({
    ^bb0(%arg2: tensor<i32>, %arg3: tensor<i32>):
      %120 = stablehlo.add %arg2, %arg3 : tensor<i32>
      stablehlo.return %120 : tensor<i32>
    }) : (tensor<3xi32>, tensor<4x1xi32>, tensor<4xi32>) -> tensor<3xi32>
    %95 = call @cumsum_5(%94) : (tensor<3xi32>) -> tensor<3xi32>
    %c_32 = stablehlo.constant dense<1> : tensor<i32>
    %96 = call @floor_divide(%95, %c_32) : (tensor<3xi32>, tensor<i32>) -> tensor<3xi32>
    %c_33 = stablehlo.constant dense<4> : tensor<i32>
    %97 = call @remainder(%96, %c_33) : (tensor<3xi32>, tensor<i32>) -> tensor<3xi32>
    %c_34 = stablehlo.constant dense<1> : tensor<i32>
    %98 = stablehlo.broadcast_in_dim %c_34, dims = [] : (tensor<i32>) -> tensor<3xi32>
    %99 = stablehlo.add %97, %98 : tensor<3xi32>
    %100 = stablehlo.convert %67 : (tensor<4xi1>) -> tensor<4xi32>
    %c_35 = stablehlo.constant dense<0> : tensor<i32>
    %101 = stablehlo.reduce(%100 init: %c_35) applies stablehlo.add across dimensions = [0] : (tensor<4xi32>, tensor<i32>) -> tensor<i32>
    %102 = stablehlo.iota dim = 0 : tensor<4xi32>
    %103 = call @_normal(%6) : (tensor<2xui32>) -> tensor<4x4xf32>
    %104 = call @norm(%103) : (tensor<4x4xf32>) -> tensor<4x1xf32>
    %105 = stablehlo.broadcast_in_dim %104, dims = [0, 1] : (tensor<4x1xf32>) -> tensor<4x4xf32>
    %106 = stablehlo.divide %103, %105 : tensor<4x4xf32>
    %107 = stablehlo.broadcast_in_dim %arg0, dims = [1] : (tensor<4xf32>) -> tensor<1x4xf32>
    %108 = stablehlo.broadcast_in_dim %47#8, dims = [0] : (tensor<4xf32>) -> tensor<4x1xf32>
    %109 = stablehlo.broadcast_in_dim %107, dims = [0, 1] : (tensor<1x4xf32>) -> tensor<4x4xf32>
    %110 = stablehlo.broadcast_in_dim %108, dims = [0, 1] : (tensor<4x1xf32>) -> tensor<4x4xf32>
    %111 = stablehlo.subtract %109, %110 : tensor<4x4xf32>
    %112 = stablehlo.broadcast_in_dim %48, dims = [1] : (tensor<4xf32>) -> tensor<1x4xf32>
    %113 = stablehlo.broadcast_in_dim %112, dims = [0, 1] : (tensor<1x4xf32>) -> tensor<4x4xf32>
    %114 = stablehlo.broadcast_in_dim %49, dims = [1] : (tensor<4xf32>) -> tensor<1x4xf32>
    %115 = stablehlo.broadcast_in_dim %114, dims = [0, 1] : (tensor<1x4xf32>) -> tensor<4x4xf32>
    %cst_36 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %116 = stablehlo.broadcast_in_dim %cst_36, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %cst_37 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %117 = stablehlo.broadcast_in_dim %cst_37, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %c_38 = stablehlo.constant dense<0> : tensor<i32>
    %118:11 = stablehlo.while(%iterArg = %113, %iterArg_39 = %111, %iterArg_40 = %115, %iterArg_41 = %83, %iterArg_42 = %99, %iterArg_43 = %102, %iterArg_44 = %101, %iterArg_45 = %c_38, %iterArg_46 = %106, %iterArg_47 = %116, %iterArg_48 = %117) : tensor<4x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>, tensor<3xi32>, tensor<3xi32>, tensor<4xi32>, tensor<i32>, tensor<i32>, tensor<4x4xf32>, tensor<4xf32>, tensor<4xf32>
    cond {
      %c_49 = stablehlo.constant dense<5> : tensor<i32>
      %120 = stablehlo.compare LT, %iterArg_45, %c_49, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %cst_50 = stablehlo.constant dense<1.100000e+00> : tensor<f32>
      %121 = stablehlo.broadcast_in_dim %cst_50, dims = [] : (tensor<f32>) -> tensor<4xf32>
      %122 = stablehlo.multiply %121, %iterArg_48 : tensor<4xf32>
      %123 = stablehlo.compare GE, %iterArg_47, %122, FLOAT : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
      %c_51 = stablehlo.constant dense<false> : tensor<i1>
      %124 = stablehlo.reduce(%123 init: %c_51) applies stablehlo.or across dimensions = [0] : (tensor<4xi1>, tensor<i1>) -> tensor<i1>
      %c_52 = stablehlo.constant dense<false> : tensor<i1>
      %125 = stablehlo.broadcast_in_dim %c_52, dims = [] : (tensor<i1>) -> tensor<i1>
      %126 = stablehlo.compare NE, %120, %125, UNSIGNED : (tensor<i1>, tensor<i1>) -> tensor<i1>
      %127 = stablehlo.convert %126 : tensor<i1>
      %128 = stablehlo.and %127, %124 : tensor<i1>
      stablehlo.return %128 : tensor<i1>
    } do {
      %120 = stablehlo.broadcast_in_dim %iterArg_46, dims = [0, 1] : (tensor<4x4xf32>) -> tensor<4x4x1xf32>
      %121 = stablehlo.custom_call @tridiagonal_solve_perturbed_ffi(%iterArg, %iterArg_39, %iterArg_40, %120) {backend_config = "", mhlo.backend_config = {}, mhlo.frontend_attributes = {num_batch_dims = "1"}, operand_layouts = [dense<[1, 0]> : tensor<2xindex>, dense<[1, 0]> : tensor<2xindex>, dense<[1, 0]> : tensor<2xindex>, dense<[1, 2, 0]> : tensor<3xindex>], result_layouts = [dense<[1, 2, 0]> : tensor<3xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, k], [i, l], [i, m, n])->([i, o, p]) {i=4, j=4, k=4, l=4, m=4, n=1, o=4, p=1}, custom>} : (tensor<4x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>, tensor<4x4x1xf32>) -> tensor<4x4x1xf32>
      %122 = stablehlo.reshape %121 : (tensor<4x4x1xf32>) -> tensor<4x4xf32>
      %123 = func.call @norm_9(%122) : (tensor<4x4xf32>) -> tensor<4x1xf32>
      %124 = stablehlo.broadcast_in_dim %123, dims = [0, 1] : (tensor<4x1xf32>) -> tensor<4x4xf32>
      %125 = stablehlo.divide %122, %124 : tensor<4x4xf32>
      %126 = stablehlo.reshape %123 : (tensor<4x1xf32>) -> tensor<4xf32>
      %c_49 = stablehlo.constant dense<0> : tensor<i32>
      %127:6 = stablehlo.while(%iterArg_51 = %iterArg_41, %iterArg_52 = %iterArg_42, %iterArg_53 = %iterArg_43, %iterArg_54 = %c_49, %iterArg_55 = %iterArg_44, %iterArg_56 = %125) : tensor<3xi32>, tensor<3xi32>, tensor<4xi32>, tensor<i32>, tensor<i32>, tensor<4x4xf32>
      cond {
        %129 = stablehlo.compare LT, %iterArg_54, %iterArg_55, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
        stablehlo.return %129 : tensor<i1>
      } do {
        %c_57 = stablehlo.constant dense<1> : tensor<i32>
        %129 = stablehlo.add %iterArg_54, %c_57 : tensor<i32>
        %c_58 = stablehlo.constant dense<0> : tensor<i32>
        %130 = stablehlo.compare LT, %iterArg_54, %c_58, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
        %131 = stablehlo.convert %iterArg_54 : tensor<i32>
        %c_59 = stablehlo.constant dense<3> : tensor<i32>
        %132 = stablehlo.add %131, %c_59 : tensor<i32>
        %133 = stablehlo.select %130, %132, %iterArg_54 : tensor<i1>, tensor<i32>
        %134 = stablehlo.dynamic_slice %iterArg_51, %133, sizes = [1] : (tensor<3xi32>, tensor<i32>) -> tensor<1xi32>
        %135 = stablehlo.reshape %134 : (tensor<1xi32>) -> tensor<i32>
        %c_60 = stablehlo.constant dense<0> : tensor<i32>
        %136 = stablehlo.compare LT, %iterArg_54, %c_60, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
        %137 = stablehlo.convert %iterArg_54 : tensor<i32>
        %c_61 = stablehlo.constant dense<3> : tensor<i32>
        %138 = stablehlo.add %137, %c_61 : tensor<i32>
        %139 = stablehlo.select %136, %138, %iterArg_54 : tensor<i1>, tensor<i32>
        %140 = stablehlo.dynamic_slice %iterArg_52, %139, sizes = [1] : (tensor<3xi32>, tensor<i32>) -> tensor<1xi32>
        %141 = stablehlo.reshape %140 : (tensor<1xi32>) -> tensor<i32>
        %142 = stablehlo.subtract %141, %135 : tensor<i32>
        %c_62 = stablehlo.constant dense<0> : tensor<i32>
        %143 = func.call @_pad_10(%iterArg_56, %c_62) : (tensor<4x4xf32>, tensor<i32>) -> tensor<8x4xf32>
        %c_63 = stablehlo.constant dense<0> : tensor<i32>
        %144 = stablehlo.compare LT, %135, %c_63, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
        %c_64 = stablehlo.constant dense<8> : tensor<i32>
        %145 = stablehlo.add %135, %c_64 : tensor<i32>
        %146 = stablehlo.select %144, %145, %135 : tensor<i1>, tensor<i32>
        %c_65 = stablehlo.constant dense<0> : tensor<i32>
        %147 = stablehlo.dynamic_slice %143, %146, %c_65, sizes = [4, 4] : (tensor<8x4xf32>, tensor<i32>, tensor<i32>) -> tensor<4x4xf32>
        %148 = stablehlo.broadcast_in_dim %142, dims = [] : (tensor<i32>) -> tensor<4xi32>
        %149 = stablehlo.compare LT, %iterArg_53, %148, SIGNED : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
        %150 = stablehlo.convert %149 : (tensor<4xi1>) -> tensor<4xf32>
        %151 = stablehlo.broadcast_in_dim %150, dims = [0] : (tensor<4xf32>) -> tensor<4x1xf32>
        %152 = stablehlo.broadcast_in_dim %151, dims = [0, 1] : (tensor<4x1xf32>) -> tensor<4x4xf32>
        %153 = stablehlo.multiply %147, %152 : tensor<4x4xf32>
        %154 = stablehlo.transpose %153, dims = [1, 0] : (tensor<4x4xf32>) -> tensor<4x4xf32>
        %155:2 = func.call @qr(%154) : (tensor<4x4xf32>) -> (tensor<4x4xf32>, tensor<4x4xf32>)
        %156 = stablehlo.transpose %155#0, dims = [1, 0] : (tensor<4x4xf32>) -> tensor<4x4xf32>
        %157 = stablehlo.broadcast_in_dim %150, dims = [0] : (tensor<4xf32>) -> tensor<4x1xf32>
        %158 = stablehlo.broadcast_in_dim %157, dims = [0, 1] : (tensor<4x1xf32>) -> tensor<4x4xf32>
        %159 = stablehlo.multiply %156, %158 : tensor<4x4xf32>
        %cst_66 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
        %160 = stablehlo.broadcast_in_dim %cst_66, dims = [] : (tensor<f32>) -> tensor<8x4xf32>
        %c_67 = stablehlo.constant dense<0> : tensor<i32>
        %161 = stablehlo.compare LT, %135, %c_67, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
        %c_68 = stablehlo.constant dense<8> : tensor<i32>
        %162 = stablehlo.add %135, %c_68 : tensor<i32>
        %163 = stablehlo.select %161, %162, %135 : tensor<i1>, tensor<i32>
        %c_69 = stablehlo.constant dense<0> : tensor<i32>
        %164 = stablehlo.dynamic_update_slice %160, %159, %163, %c_69 : (tensor<8x4xf32>, tensor<4x4xf32>, tensor<i32>, tensor<i32>) -> tensor<8x4xf32>
        %165 = stablehlo.slice %164 [0:4, 0:4] : (tensor<8x4xf32>) -> tensor<4x4xf32>
        %166 = stablehlo.broadcast_in_dim %135, dims = [] : (tensor<i32>) -> tensor<4xi32>
        %167 = stablehlo.compare GE, %iterArg_53, %166, SIGNED : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
        %168 = stablehlo.broadcast_in_dim %141, dims = [] : (tensor<i32>) -> tensor<4xi32>
        %169 = stablehlo.compare LT, %iterArg_53, %168, SIGNED : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
        %170 = stablehlo.and %167, %169 : tensor<4xi1>
        %171 = stablehlo.broadcast_in_dim %170, dims = [0] : (tensor<4xi1>) -> tensor<4x1xi1>
        %172 = func.call @_where_11(%171, %165, %iterArg_56) : (tensor<4x1xi1>, tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
        stablehlo.return %iterArg_51, %iterArg_52, %iterArg_53, %129, %iterArg_55, %172 : tensor<3xi32>, tensor<3xi32>, tensor<4xi32>, tensor<i32>, tensor<i32>, tensor<4x4xf32>
      }
      %c_50 = stablehlo.constant dense<1> : tensor<i32>
      %128 = stablehlo.add %iterArg_45, %c_50 : tensor<i32>
      stablehlo.return %iterArg, %iterArg_39, %iterArg_40, %iterArg_41, %iterArg_42, %iterArg_43, %iterArg_44, %128, %127#5, %126, %iterArg_47 : tensor<4x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>, tensor<3xi32>, tensor<3xi32>, tensor<4xi32>, tensor<i32>, tensor<i32>, tensor<4x4xf32>, tensor<4xf32>, tensor<4xf32>
    }
    %119 = stablehlo.transpose %118#8, dims = [1, 0] : (tensor<4x4xf32>) -> tensor<4x4xf32>
    return %47#8, %119 : tensor<4xf32>, tensor<4x4xf32>
  }
  func.func private @_where(%arg0: tensor<4xi1>, %arg1: tensor<4xi32>, %arg2: tensor<4xi32>) -> tensor<4xi32> {
    %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<4xi1>, tensor<4xi32>
    return %0 : tensor<4xi32>
  }
  func.func private @_where_0(%arg0: tensor<4xi1>, %arg1: tensor<4xf32>, %arg2: tensor<4xf32>) -> tensor<4xf32> {
    %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<4xi1>, tensor<4xf32>
    return %0 : tensor<4xf32>
  }
  func.func private @_pad(%arg0: tensor<3xf32>, %arg1: tensor<i32>) -> tensor<4xf32> {
    %0 = stablehlo.convert %arg1 : (tensor<i32>) -> tensor<f32>
    %1 = stablehlo.pad %arg0, %0, low = [1], high = [0], interior = [0] : (tensor<3xf32>, tensor<f32>) -> tensor<4xf32>
    return %1 : tensor<4xf32>
  }
  func.func private @_pad_1(%arg0: tensor<3xf32>, %arg1: tensor<i32>) -> tensor<4xf32> {
    %0 = stablehlo.convert %arg1 : (tensor<i32>) -> tensor<f32>
    %1 = stablehlo.pad %arg0, %0, low = [0], high = [1], interior = [0] : (tensor<3xf32>, tensor<f32>) -> tensor<4xf32>
    return %1 : tensor<4xf32>
  }
  func.func private @_pad_2(%arg0: tensor<3xi1>, %arg1: tensor<i1>) -> tensor<4xi1> {
    %0 = stablehlo.pad %arg0, %arg1, low = [1], high = [0], interior = [0] : (tensor<3xi1>, tensor<i1>) -> tensor<4xi1>
    return %0 : tensor<4xi1>
  }
  func.func private @_pad_3(%arg0: tensor<3xi1>, %arg1: tensor<i1>) -> tensor<4xi1> {
    %0 = stablehlo.pad %arg0, %arg1, low = [0], high = [1], interior = [0] : (tensor<3xi1>, tensor<i1>) -> tensor<4xi1>
    return %0 : tensor<4xi1>
  }
  func.func private @cumsum(%arg0: tensor<4xi1>) -> tensor<4xi32> {
    %0 = stablehlo.convert %arg0 : (tensor<4xi1>) -> tensor<4xi32>
    %1 = call @cumsum_4(%0) : (tensor<4xi32>) -> tensor<4xi32>
    return %1 : tensor<4xi32>
  }
  func.func private @cumsum_4(%arg0: tensor<4xi32>) -> tensor<4xi32> {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<i32>
    %1 = "stablehlo.reduce_window"(%arg0, %0) <{base_dilations = array<i64: 1>, padding = dense<[[3, 0]]> : tensor<1x2xi64>, window_dilations = array<i64: 1>, window_dimensions = array<i64: 4>, window_strides = array<i64: 1>}> ({
    ^bb0(%arg1: tensor<i32>, %arg2: tensor<i32>):
      %2 = stablehlo.add %arg1, %arg2 : tensor<i32>
      stablehlo.return %2 : tensor<i32>
    }) : (tensor<4xi32>, tensor<i32>) -> tensor<4xi32>
    return %1 : tensor<4xi32>
  }
  func.func private @clip(%arg0: tensor<4xi32>, %arg1: tensor<i32>) -> tensor<4xi32> {
    %0 = stablehlo.convert %arg1 : tensor<i32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<i32>) -> tensor<4xi32>
    %2 = stablehlo.maximum %1, %arg0 : tensor<4xi32>
    return %2 : tensor<4xi32>
  }
  func.func private @cumsum_5(%arg0: tensor<3xi32>) -> tensor<3xi32> {
    %0 = call @cumsum_6(%arg0) : (tensor<3xi32>) -> tensor<3xi32>
    return %0 : tensor<3xi32>
  }
  func.func private @cumsum_6(%arg0: tensor<3xi32>) -> tensor<3xi32> {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<i32>
    %1 = "stablehlo.reduce_window"(%arg0, %0) <{base_dilations = array<i64: 1>, padding = dense<[[2, 0]]> : tensor<1x2xi64>, window_dilations = array<i64: 1>, window_dimensions = array<i64: 3>, window_strides = array<i64: 1>}> ({
    ^bb0(%arg1: tensor<i32>, %arg2: tensor<i32>):
      %2 = stablehlo.add %arg1, %arg2 : tensor<i32>
      stablehlo.return %2 : tensor<i32>
    }) : (tensor<3xi32>, tensor<i32>) -> tensor<3xi32>
    return %1 : tensor<3xi32>
  }
  func.func private @floor_divide(%arg0: tensor<3xi32>, %arg1: tensor<i32>) -> tensor<3xi32> {
    %0 = stablehlo.broadcast_in_dim %arg1, dims = [] : (tensor<i32>) -> tensor<3xi32>
    %1 = stablehlo.divide %arg0, %0 : tensor<3xi32>
    %2 = stablehlo.sign %arg0 : tensor<3xi32>
    %3 = stablehlo.sign %arg1 : tensor<i32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [] : (tensor<i32>) -> tensor<3xi32>
    %5 = stablehlo.compare NE, %2, %4, SIGNED : (tensor<3xi32>, tensor<3xi32>) -> tensor<3xi1>
    %6 = stablehlo.broadcast_in_dim %arg1, dims = [] : (tensor<i32>) -> tensor<3xi32>
    %7 = stablehlo.remainder %arg0, %6 : tensor<3xi32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %8 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<3xi32>
    %9 = stablehlo.compare NE, %7, %8, SIGNED : (tensor<3xi32>, tensor<3xi32>) -> tensor<3xi1>
    %10 = stablehlo.and %5, %9 : tensor<3xi1>
    %c_0 = stablehlo.constant dense<1> : tensor<i32>
    %11 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<3xi32>
    %12 = stablehlo.subtract %1, %11 : tensor<3xi32>
    %13 = call @_where_7(%10, %12, %1) : (tensor<3xi1>, tensor<3xi32>, tensor<3xi32>) -> tensor<3xi32>
    return %13 : tensor<3xi32>
  }
  func.func private @_where_7(%arg0: tensor<3xi1>, %arg1: tensor<3xi32>, %arg2: tensor<3xi32>) -> tensor<3xi32> {
    %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<3xi1>, tensor<3xi32>
    return %0 : tensor<3xi32>
  }
  func.func private @remainder(%arg0: tensor<3xi32>, %arg1: tensor<i32>) -> tensor<3xi32> {
    %0 = stablehlo.convert %arg1 : tensor<i32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.compare EQ, %0, %c, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %c_0 = stablehlo.constant dense<1> : tensor<i32>
    %2 = call @_where_8(%1, %c_0, %0) : (tensor<i1>, tensor<i32>, tensor<i32>) -> tensor<i32>
    %3 = stablehlo.broadcast_in_dim %2, dims = [] : (tensor<i32>) -> tensor<3xi32>
    %4 = stablehlo.remainder %arg0, %3 : tensor<3xi32>
    %c_1 = stablehlo.constant dense<0> : tensor<i32>
    %5 = stablehlo.broadcast_in_dim %c_1, dims = [] : (tensor<i32>) -> tensor<3xi32>
    %6 = stablehlo.compare NE, %4, %5, SIGNED : (tensor<3xi32>, tensor<3xi32>) -> tensor<3xi1>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %7 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<i32>) -> tensor<3xi32>
    %8 = stablehlo.compare LT, %4, %7, SIGNED : (tensor<3xi32>, tensor<3xi32>) -> tensor<3xi1>
    %c_3 = stablehlo.constant dense<0> : tensor<i32>
    %9 = stablehlo.compare LT, %2, %c_3, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %10 = stablehlo.broadcast_in_dim %9, dims = [] : (tensor<i1>) -> tensor<3xi1>
    %11 = stablehlo.compare NE, %8, %10, UNSIGNED : (tensor<3xi1>, tensor<3xi1>) -> tensor<3xi1>
    %12 = stablehlo.and %11, %6 : tensor<3xi1>
    %13 = stablehlo.broadcast_in_dim %2, dims = [] : (tensor<i32>) -> tensor<3xi32>
    %14 = stablehlo.add %4, %13 : tensor<3xi32>
    %15 = stablehlo.select %12, %14, %4 : tensor<3xi1>, tensor<3xi32>
    return %15 : tensor<3xi32>
  }
  func.func private @_where_8(%arg0: tensor<i1>, %arg1: tensor<i32>, %arg2: tensor<i32>) -> tensor<i32> {
    %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<i1>, tensor<i32>
    return %0 : tensor<i32>
  }
  func.func private @_normal(%arg0: tensor<2xui32>) -> tensor<4x4xf32> {
    %0 = call @_normal_real(%arg0) : (tensor<2xui32>) -> tensor<4x4xf32>
    return %0 : tensor<4x4xf32>
  }
  func.func private @_normal_real(%arg0: tensor<2xui32>) -> tensor<4x4xf32> {
    %cst = stablehlo.constant dense<-0.99999994> : tensor<f32>
    %cst_0 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %0 = call @_uniform(%arg0, %cst, %cst_0) : (tensor<2xui32>, tensor<f32>, tensor<f32>) -> tensor<4x4xf32>
    %1 = chlo.erf_inv %0 : tensor<4x4xf32> -> tensor<4x4xf32>
    %cst_1 = stablehlo.constant dense<1.41421354> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<4x4xf32>
    %3 = stablehlo.multiply %2, %1 : tensor<4x4xf32>
    return %3 : tensor<4x4xf32>
  }
  func.func private @_uniform(%arg0: tensor<2xui32>, %arg1: tensor<f32>, %arg2: tensor<f32>) -> tensor<4x4xf32> {
    %0 = stablehlo.broadcast_in_dim %arg1, dims = [] : (tensor<f32>) -> tensor<1x1xf32>
    %1 = stablehlo.broadcast_in_dim %arg2, dims = [] : (tensor<f32>) -> tensor<1x1xf32>
    %2 = stablehlo.slice %arg0 [0:1] : (tensor<2xui32>) -> tensor<1xui32>
    %3 = stablehlo.reshape %2 : (tensor<1xui32>) -> tensor<ui32>
    %4 = stablehlo.slice %arg0 [1:2] : (tensor<2xui32>) -> tensor<1xui32>
    %5 = stablehlo.reshape %4 : (tensor<1xui32>) -> tensor<ui32>
    %6 = stablehlo.iota dim = 0 : tensor<4x4xui64>
    %7 = stablehlo.iota dim = 1 : tensor<4x4xui64>
    %c = stablehlo.constant dense<4> : tensor<ui64>
    %8 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<ui64>) -> tensor<4x4xui64>
    %9 = stablehlo.multiply %8, %6 : tensor<4x4xui64>
    %c_0 = stablehlo.constant dense<1> : tensor<ui64>
    %10 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<ui64>) -> tensor<4x4xui64>
    %11 = stablehlo.multiply %10, %7 : tensor<4x4xui64>
    %12 = stablehlo.add %9, %11 : tensor<4x4xui64>
    %c_1 = stablehlo.constant dense<32> : tensor<ui64>
    %13 = stablehlo.broadcast_in_dim %c_1, dims = [] : (tensor<ui64>) -> tensor<4x4xui64>
    %14 = stablehlo.shift_right_logical %12, %13 : tensor<4x4xui64>
    %15 = stablehlo.convert %12 : (tensor<4x4xui64>) -> tensor<4x4xui32>
    %16 = stablehlo.convert %14 : (tensor<4x4xui64>) -> tensor<4x4xui32>
    %17:2 = call @threefry2x32(%3, %5, %16, %15) : (tensor<ui32>, tensor<ui32>, tensor<4x4xui32>, tensor<4x4xui32>) -> (tensor<4x4xui32>, tensor<4x4xui32>)
    %18 = stablehlo.xor %17#0, %17#1 : tensor<4x4xui32>
    %c_2 = stablehlo.constant dense<9> : tensor<ui32>
    %19 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<ui32>) -> tensor<4x4xui32>
    %20 = stablehlo.shift_right_logical %18, %19 : tensor<4x4xui32>
    %c_3 = stablehlo.constant dense<1065353216> : tensor<ui32>
    %21 = stablehlo.broadcast_in_dim %c_3, dims = [] : (tensor<ui32>) -> tensor<4x4xui32>
    %22 = stablehlo.or %20, %21 : tensor<4x4xui32>
    %23 = stablehlo.bitcast_convert %22 : (tensor<4x4xui32>) -> tensor<4x4xf32>
    %cst = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %24 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<4x4xf32>
    %25 = stablehlo.subtract %23, %24 : tensor<4x4xf32>
    %26 = stablehlo.subtract %1, %0 : tensor<1x1xf32>
    %27 = stablehlo.broadcast_in_dim %26, dims = [0, 1] : (tensor<1x1xf32>) -> tensor<4x4xf32>
    %28 = stablehlo.multiply %25, %27 : tensor<4x4xf32>
    %29 = stablehlo.broadcast_in_dim %0, dims = [0, 1] : (tensor<1x1xf32>) -> tensor<4x4xf32>
    %30 = stablehlo.add %28, %29 : tensor<4x4xf32>
    %31 = stablehlo.broadcast_in_dim %0, dims = [0, 1] : (tensor<1x1xf32>) -> tensor<4x4xf32>
    %32 = stablehlo.maximum %31, %30 : tensor<4x4xf32>
    return %32 : tensor<4x4xf32>
  }
  func.func private @threefry2x32(%arg0: tensor<ui32>, %arg1: tensor<ui32>, %arg2: tensor<4x4xui32>, %arg3: tensor<4x4xui32>) -> (tensor<4x4xui32>, tensor<4x4xui32>) {
    %c = stablehlo.constant dense<[13, 15, 26, 6]> : tensor<4xui32>
    %c_0 = stablehlo.constant dense<[17, 29, 16, 24]> : tensor<4xui32>
    %0 = stablehlo.xor %arg0, %arg1 : tensor<ui32>
    %c_1 = stablehlo.constant dense<466688986> : tensor<ui32>
    %1 = stablehlo.xor %0, %c_1 : tensor<ui32>
    %2 = stablehlo.broadcast_in_dim %arg0, dims = [] : (tensor<ui32>) -> tensor<4x4xui32>
    %3 = stablehlo.add %arg2, %2 : tensor<4x4xui32>
    %4 = stablehlo.broadcast_in_dim %arg1, dims = [] : (tensor<ui32>) -> tensor<4x4xui32>
    %5 = stablehlo.add %arg3, %4 : tensor<4x4xui32>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %c_3 = stablehlo.constant dense<0> : tensor<i32>
    %6:9 = stablehlo.while(%iterArg = %c_3, %iterArg_4 = %c_2, %iterArg_5 = %3, %iterArg_6 = %5, %iterArg_7 = %arg1, %iterArg_8 = %1, %iterArg_9 = %arg0, %iterArg_10 = %c, %iterArg_11 = %c_0) : tensor<i32>, tensor<i32>, tensor<4x4xui32>, tensor<4x4xui32>, tensor<ui32>, tensor<ui32>, tensor<ui32>, tensor<4xui32>, tensor<4xui32>
    cond {
      %c_12 = stablehlo.constant dense<5> : tensor<i32>
      %7 = stablehlo.compare LT, %iterArg, %c_12, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %7 : tensor<i1>
    } do {
      %7:8 = func.call @closed_call(%iterArg_4, %iterArg_5, %iterArg_6, %iterArg_7, %iterArg_8, %iterArg_9, %iterArg_10, %iterArg_11) : (tensor<i32>, tensor<4x4xui32>, tensor<4x4xui32>, tensor<ui32>, tensor<ui32>, tensor<ui32>, tensor<4xui32>, tensor<4xui32>) -> (tensor<i32>, tensor<4x4xui32>, tensor<4x4xui32>, tensor<ui32>, tensor<ui32>, tensor<ui32>, tensor<4xui32>, tensor<4xui32>)
      %c_12 = stablehlo.constant dense<1> : tensor<i32>
      %8 = stablehlo.add %iterArg, %c_12 : tensor<i32>
      stablehlo.return %8, %7#0, %7#1, %7#2, %7#3, %7#4, %7#5, %7#6, %7#7 : tensor<i32>, tensor<i32>, tensor<4x4xui32>, tensor<4x4xui32>, tensor<ui32>, tensor<ui32>, tensor<ui32>, tensor<4xui32>, tensor<4xui32>
    }
    return %6#2, %6#3 : tensor<4x4xui32>, tensor<4x4xui32>
  }
  func.func private @closed_call(%arg0: tensor<i32>, %arg1: tensor<4x4xui32>, %arg2: tensor<4x4xui32>, %arg3: tensor<ui32>, %arg4: tensor<ui32>, %arg5: tensor<ui32>, %arg6: tensor<4xui32>, %arg7: tensor<4xui32>) -> (tensor<i32>, tensor<4x4xui32>, tensor<4x4xui32>, tensor<ui32>, tensor<ui32>, tensor<ui32>, tensor<4xui32>, tensor<4xui32>) {
    %c = stablehlo.constant dense<1> : tensor<i32>
    %0 = stablehlo.add %arg0, %c : tensor<i32>
    %1 = stablehlo.slice %arg6 [0:1] : (tensor<4xui32>) -> tensor<1xui32>
    %2 = stablehlo.reshape %1 : (tensor<1xui32>) -> tensor<ui32>
    %3 = stablehlo.add %arg1, %arg2 : tensor<4x4xui32>
    %4 = stablehlo.broadcast_in_dim %2, dims = [] : (tensor<ui32>) -> tensor<4x4xui32>
    %5 = stablehlo.shift_left %arg2, %4 : tensor<4x4xui32>
    %c_0 = stablehlo.constant dense<32> : tensor<ui32>
    %6 = stablehlo.subtract %c_0, %2 : tensor<ui32>
    %7 = stablehlo.broadcast_in_dim %6, dims = [] : (tensor<ui32>) -> tensor<4x4xui32>
    %8 = stablehlo.shift_right_logical %arg2, %7 : tensor<4x4xui32>
    %9 = stablehlo.or %5, %8 : tensor<4x4xui32>
    %10 = stablehlo.xor %3, %9 : tensor<4x4xui32>
    %11 = stablehlo.slice %arg6 [1:2] : (tensor<4xui32>) -> tensor<1xui32>
    %12 = stablehlo.reshape %11 : (tensor<1xui32>) -> tensor<ui32>
    %13 = stablehlo.add %3, %10 : tensor<4x4xui32>
    %14 = stablehlo.broadcast_in_dim %12, dims = [] : (tensor<ui32>) -> tensor<4x4xui32>
    %15 = stablehlo.shift_left %10, %14 : tensor<4x4xui32>
    %c_1 = stablehlo.constant dense<32> : tensor<ui32>
    %16 = stablehlo.subtract %c_1, %12 : tensor<ui32>
    %17 = stablehlo.broadcast_in_dim %16, dims = [] : (tensor<ui32>) -> tensor<4x4xui32>
    %18 = stablehlo.shift_right_logical %10, %17 : tensor<4x4xui32>
    %19 = stablehlo.or %15, %18 : tensor<4x4xui32>
    %20 = stablehlo.xor %13, %19 : tensor<4x4xui32>
    %21 = stablehlo.slice %arg6 [2:3] : (tensor<4xui32>) -> tensor<1xui32>
    %22 = stablehlo.reshape %21 : (tensor<1xui32>) -> tensor<ui32>
    %23 = stablehlo.add %13, %20 : tensor<4x4xui32>
    %24 = stablehlo.broadcast_in_dim %22, dims = [] : (tensor<ui32>) -> tensor<4x4xui32>
    %25 = stablehlo.shift_left %20, %24 : tensor<4x4xui32>
    %c_2 = stablehlo.constant dense<32> : tensor<ui32>
    %26 = stablehlo.subtract %c_2, %22 : tensor<ui32>
    %27 = stablehlo.broadcast_in_dim %26, dims = [] : (tensor<ui32>) -> tensor<4x4xui32>
    %28 = stablehlo.shift_right_logical %20, %27 : tensor<4x4xui32>
    %29 = stablehlo.or %25, %28 : tensor<4x4xui32>
    %30 = stablehlo.xor %23, %29 : tensor<4x4xui32>
    %31 = stablehlo.slice %arg6 [3:4] : (tensor<4xui32>) -> tensor<1xui32>
    %32 = stablehlo.reshape %31 : (tensor<1xui32>) -> tensor<ui32>
    %33 = stablehlo.add %23, %30 : tensor<4x4xui32>
    %34 = stablehlo.broadcast_in_dim %32, dims = [] : (tensor<ui32>) -> tensor<4x4xui32>
    %35 = stablehlo.shift_left %30, %34 : tensor<4x4xui32>
    %c_3 = stablehlo.constant dense<32> : tensor<ui32>
    %36 = stablehlo.subtract %c_3, %32 : tensor<ui32>
    %37 = stablehlo.broadcast_in_dim %36, dims = [] : (tensor<ui32>) -> tensor<4x4xui32>
    %38 = stablehlo.shift_right_logical %30, %37 : tensor<4x4xui32>
    %39 = stablehlo.or %35, %38 : tensor<4x4xui32>
    %40 = stablehlo.xor %33, %39 : tensor<4x4xui32>
    %41 = stablehlo.broadcast_in_dim %arg3, dims = [] : (tensor<ui32>) -> tensor<4x4xui32>
    %42 = stablehlo.add %33, %41 : tensor<4x4xui32>
    %43 = stablehlo.broadcast_in_dim %arg4, dims = [] : (tensor<ui32>) -> tensor<4x4xui32>
    %44 = stablehlo.add %40, %43 : tensor<4x4xui32>
    %c_4 = stablehlo.constant dense<1> : tensor<i32>
    %45 = stablehlo.add %arg0, %c_4 : tensor<i32>
    %46 = stablehlo.convert %45 : (tensor<i32>) -> tensor<ui32>
    %47 = stablehlo.broadcast_in_dim %46, dims = [] : (tensor<ui32>) -> tensor<4x4xui32>
    %48 = stablehlo.add %44, %47 : tensor<4x4xui32>
    return %0, %42, %48, %arg4, %arg5, %arg3, %arg7, %arg6 : tensor<i32>, tensor<4x4xui32>, tensor<4x4xui32>, tensor<ui32>, tensor<ui32>, tensor<ui32>, tensor<4xui32>, tensor<4xui32>
  }
  func.func private @norm(%arg0: tensor<4x4xf32>) -> tensor<4x1xf32> {
    %0 = stablehlo.multiply %arg0, %arg0 : tensor<4x4xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1 = stablehlo.reduce(%0 init: %cst) applies stablehlo.add across dimensions = [1] : (tensor<4x4xf32>, tensor<f32>) -> tensor<4xf32>
    %2 = stablehlo.broadcast_in_dim %1, dims = [0] : (tensor<4xf32>) -> tensor<4x1xf32>
    %3 = stablehlo.sqrt %2 : tensor<4x1xf32>
    return %3 : tensor<4x1xf32>
  }
  func.func private @norm_9(%arg0: tensor<4x4xf32>) -> tensor<4x1xf32> {
    %0 = stablehlo.multiply %arg0, %arg0 : tensor<4x4xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1 = stablehlo.reduce(%0 init: %cst) applies stablehlo.add across dimensions = [1] : (tensor<4x4xf32>, tensor<f32>) -> tensor<4xf32>
    %2 = stablehlo.broadcast_in_dim %1, dims = [0] : (tensor<4xf32>) -> tensor<4x1xf32>
    %3 = stablehlo.sqrt %2 : tensor<4x1xf32>
    return %3 : tensor<4x1xf32>
  }
  func.func private @_pad_10(%arg0: tensor<4x4xf32>, %arg1: tensor<i32>) -> tensor<8x4xf32> {
    %0 = stablehlo.convert %arg1 : (tensor<i32>) -> tensor<f32>
    %1 = stablehlo.pad %arg0, %0, low = [0, 0], high = [4, 0], interior = [0, 0] : (tensor<4x4xf32>, tensor<f32>) -> tensor<8x4xf32>
    return %1 : tensor<8x4xf32>
  }
  func.func private @qr(%arg0: tensor<4x4xf32>) -> (tensor<4x4xf32>, tensor<4x4xf32>) {
    %0:2 = stablehlo.custom_call @lapack_sgeqrf_ffi(%arg0) {backend_config = "", mhlo.backend_config = {}, mhlo.frontend_attributes = {num_batch_dims = "0"}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 0, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<0> : tensor<1xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([k, l], [m]) {i=4, j=4, k=4, l=4, m=4}, custom>} : (tensor<4x4xf32>) -> (tensor<4x4xf32>, tensor<4xf32>)
    %1 = stablehlo.custom_call @lapack_sorgqr_ffi(%0#0, %0#1) {backend_config = "", mhlo.backend_config = {}, mhlo.frontend_attributes = {num_batch_dims = "0"}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<0> : tensor<1xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 0, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [k])->([l, m]) {i=4, j=4, k=4, l=4, m=4}, custom>} : (tensor<4x4xf32>, tensor<4xf32>) -> tensor<4x4xf32>
    %2 = stablehlo.iota dim = 0 : tensor<4x4xi32>
    %c = stablehlo.constant dense<-1> : tensor<i32>
    %3 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<4x4xi32>
    %4 = stablehlo.add %2, %3 : tensor<4x4xi32>
    %5 = stablehlo.iota dim = 1 : tensor<4x4xi32>
    %6 = stablehlo.compare GE, %4, %5, SIGNED : (tensor<4x4xi32>, tensor<4x4xi32>) -> tensor<4x4xi1>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %7 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<4x4xf32>
    %8 = stablehlo.select %6, %7, %0#0 : tensor<4x4xi1>, tensor<4x4xf32>
    return %1, %8 : tensor<4x4xf32>, tensor<4x4xf32>
  }
  func.func private @_where_11(%arg0: tensor<4x1xi1>, %arg1: tensor<4x4xf32>, %arg2: tensor<4x4xf32>) -> tensor<4x4xf32> {
    %0 = stablehlo.broadcast_in_dim %arg0, dims = [0, 1] : (tensor<4x1xi1>) -> tensor<4x4xi1>
    %1 = stablehlo.select %0, %arg1, %arg2 : tensor<4x4xi1>, tensor<4x4xf32>
    return %1 : tensor<4x4xf32>
  }
}
