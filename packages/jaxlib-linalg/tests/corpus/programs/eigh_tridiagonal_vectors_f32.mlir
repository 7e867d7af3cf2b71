module @jit__lambda attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<6xf32>, %arg1: tensor<5xf32>) -> (tensor<6xf32> {jax.result_info = "result[0]"}, tensor<6x6xf32> {jax.result_info = "result[1]"}) {
    %0:2 = call @eigh_tridiagonal(%arg0, %arg1) : (tensor<6xf32>, tensor<5xf32>) -> (tensor<6xf32>, tensor<6x6xf32>)
    return %0#0, %0#1 : tensor<6xf32>, tensor<6x6xf32>
  }
  func.func private @eigh_tridiagonal(%arg0: tensor<6xf32>, %arg1: tensor<5xf32>) -> (tensor<6xf32>, tensor<6x6xf32>) {
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
    %7 = stablehlo.abs %arg1 : tensor<5xf32>
    %8 = chlo.square %arg1 : tensor<5xf32> -> tensor<5xf32>
    %9 = stablehlo.slice %7 [0:1] : (tensor<5xf32>) -> tensor<1xf32>
    %10 = stablehlo.slice %7 [0:4] : (tensor<5xf32>) -> tensor<4xf32>
    %11 = stablehlo.slice %7 [1:5] : (tensor<5xf32>) -> tensor<4xf32>
    %12 = stablehlo.add %10, %11 : tensor<4xf32>
    %13 = stablehlo.slice %7 [4:5] : (tensor<5xf32>) -> tensor<1xf32>
    %14 = stablehlo.concatenate %9, %12, %13, dim = 0 : (tensor<1xf32>, tensor<4xf32>, tensor<1xf32>) -> tensor<6xf32>
    %15 = stablehlo.add %arg0, %14 : tensor<6xf32>
    %cst = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %16 = stablehlo.reduce(%15 init: %cst) applies stablehlo.maximum across dimensions = [0] : (tensor<6xf32>, tensor<f32>) -> tensor<f32>
    %17 = stablehlo.subtract %arg0, %14 : tensor<6xf32>
    %cst_2 = stablehlo.constant dense<0x7F800000> : tensor<f32>
    %18 = stablehlo.reduce(%17 init: %cst_2) applies stablehlo.minimum across dimensions = [0] : (tensor<6xf32>, tensor<f32>) -> tensor<f32>
    %19 = stablehlo.abs %18 : tensor<f32>
    %20 = stablehlo.abs %16 : tensor<f32>
    %21 = stablehlo.maximum %19, %20 : tensor<f32>
    %cst_3 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %22 = stablehlo.reduce(%8 init: %cst_3) applies stablehlo.maximum across dimensions = [0] : (tensor<5xf32>, tensor<f32>) -> tensor<f32>
    %cst_4 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %23 = stablehlo.maximum %cst_4, %22 : tensor<f32>
    %cst_5 = stablehlo.constant dense<1.17549449E-38> : tensor<f32>
    %24 = stablehlo.multiply %cst_5, %23 : tensor<f32>
    %25 = stablehlo.slice %7 [0:1] : (tensor<5xf32>) -> tensor<1xf32>
    %26 = stablehlo.reshape %25 : (tensor<1xf32>) -> tensor<f32>
    %cst_6 = stablehlo.constant dense<1.1920929E-7> : tensor<f32>
    %27 = stablehlo.multiply %cst_6, %26 : tensor<f32>
    %28 = chlo.square %27 : tensor<f32> -> tensor<f32>
    %cst_7 = stablehlo.constant dense<1.1920929E-7> : tensor<f32>
    %29 = stablehlo.multiply %cst_7, %21 : tensor<f32>
    %30 = stablehlo.iota dim = 0 : tensor<6xi32>
    %cst_8 = stablehlo.constant dense<6.000000e+00> : tensor<f32>
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
    %40 = stablehlo.broadcast_in_dim %36, dims = [] : (tensor<f32>) -> tensor<6xf32>
    %41 = stablehlo.broadcast_in_dim %39, dims = [] : (tensor<f32>) -> tensor<6xf32>
    %42 = stablehlo.add %41, %40 : tensor<6xf32>
    %cst_13 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %43 = stablehlo.broadcast_in_dim %cst_13, dims = [] : (tensor<f32>) -> tensor<6xf32>
    %44 = stablehlo.multiply %43, %42 : tensor<6xf32>
    %45 = stablehlo.broadcast_in_dim %24, dims = [] : (tensor<f32>) -> tensor<6xf32>
    %46 = stablehlo.broadcast_in_dim %28, dims = [] : (tensor<f32>) -> tensor<6xf32>
    %c_14 = stablehlo.constant dense<0> : tensor<i32>
    %47:10 = stablehlo.while(%iterArg = %29, %iterArg_39 = %arg0, %iterArg_40 = %46, %iterArg_41 = %8, %iterArg_42 = %45, %iterArg_43 = %30, %iterArg_44 = %c_14, %iterArg_45 = %40, %iterArg_46 = %44, %iterArg_47 = %41) : tensor<f32>, tensor<6xf32>, tensor<6xf32>, tensor<5xf32>, tensor<6xf32>, tensor<6xi32>, tensor<i32>, tensor<6xf32>, tensor<6xf32>, tensor<6xf32>
    cond {
      %c_48 = stablehlo.constant dense<24> : tensor<i32>
      %120 = stablehlo.compare LT, %iterArg_44, %c_48, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %121 = stablehlo.subtract %iterArg_47, %iterArg_45 : tensor<6xf32>
      %cst_49 = stablehlo.constant dense<0xFF800000> : tensor<f32>
      %122 = stablehlo.reduce(%121 init: %cst_49) applies stablehlo.maximum across dimensions = [0] : (tensor<6xf32>, tensor<f32>) -> tensor<f32>
      %123 = stablehlo.compare LT, %iterArg, %122, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %c_50 = stablehlo.constant dense<false> : tensor<i1>
      %124 = stablehlo.broadcast_in_dim %c_50, dims = [] : (tensor<i1>) -> tensor<i1>
      %125 = stablehlo.compare NE, %120, %124, UNSIGNED : (tensor<i1>, tensor<i1>) -> tensor<i1>
      %126 = stablehlo.convert %125 : tensor<i1>
      %127 = stablehlo.and %126, %123 : tensor<i1>
      stablehlo.return %127 : tensor<i1>
    } do {
      %c_48 = stablehlo.constant dense<0> : tensor<i32>
      %120 = stablehlo.broadcast_in_dim %c_48, dims = [] : (tensor<i32>) -> tensor<6xi32>
      %c_49 = stablehlo.constant dense<1> : tensor<i32>
      %121 = stablehlo.broadcast_in_dim %c_49, dims = [] : (tensor<i32>) -> tensor<6xi32>
      %122 = stablehlo.slice %iterArg_39 [0:1] : (tensor<6xf32>) -> tensor<1xf32>
      %123 = stablehlo.reshape %122 : (tensor<1xf32>) -> tensor<f32>
      %124 = stablehlo.broadcast_in_dim %123, dims = [] : (tensor<f32>) -> tensor<6xf32>
      %125 = stablehlo.subtract %124, %iterArg_46 : tensor<6xf32>
      %cst_50 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %126 = stablehlo.broadcast_in_dim %cst_50, dims = [] : (tensor<f32>) -> tensor<6xf32>
      %127 = stablehlo.compare LT, %125, %126, FLOAT : (tensor<6xf32>, tensor<6xf32>) -> tensor<6xi1>
      %128 = func.call @_where(%127, %121, %120) : (tensor<6xi1>, tensor<6xi32>, tensor<6xi32>) -> tensor<6xi32>
      %129 = stablehlo.slice %iterArg_39 [0:1] : (tensor<6xf32>) -> tensor<1xf32>
      %130 = stablehlo.reshape %129 : (tensor<1xf32>) -> tensor<f32>
      %131 = stablehlo.broadcast_in_dim %130, dims = [] : (tensor<f32>) -> tensor<6xf32>
      %132 = stablehlo.compare EQ, %131, %iterArg_46, FLOAT : (tensor<6xf32>, tensor<6xf32>) -> tensor<6xi1>
      %133 = func.call @_where_0(%132, %iterArg_40, %125) : (tensor<6xi1>, tensor<6xf32>, tensor<6xf32>) -> tensor<6xf32>
      %134 = stablehlo.slice %iterArg_39 [1:2] : (tensor<6xf32>) -> tensor<1xf32>
      %135 = stablehlo.reshape %134 : (tensor<1xf32>) -> tensor<f32>
      %136 = stablehlo.slice %iterArg_41 [0:1] : (tensor<5xf32>) -> tensor<1xf32>
      %137 = stablehlo.reshape %136 : (tensor<1xf32>) -> tensor<f32>
      %138 = stablehlo.broadcast_in_dim %137, dims = [] : (tensor<f32>) -> tensor<6xf32>
      %139 = stablehlo.divide %138, %133 : tensor<6xf32>
      %140 = stablehlo.broadcast_in_dim %135, dims = [] : (tensor<f32>) -> tensor<6xf32>
      %141 = stablehlo.subtract %140, %139 : tensor<6xf32>
      %142 = stablehlo.subtract %141, %iterArg_46 : tensor<6xf32>
      %143 = stablehlo.compare LE, %142, %iterArg_42, FLOAT : (tensor<6xf32>, tensor<6xf32>) -> tensor<6xi1>
      %c_51 = stablehlo.constant dense<1> : tensor<i32>
      %144 = stablehlo.broadcast_in_dim %c_51, dims = [] : (tensor<i32>) -> tensor<6xi32>
      %145 = stablehlo.add %128, %144 : tensor<6xi32>
      %146 = func.call @_where(%143, %145, %128) : (tensor<6xi1>, tensor<6xi32>, tensor<6xi32>) -> tensor<6xi32>
      %147 = stablehlo.compare LE, %142, %iterArg_42, FLOAT : (tensor<6xf32>, tensor<6xf32>) -> tensor<6xi1>
      %148 = stablehlo.negate %iterArg_42 : tensor<6xf32>
      %149 = stablehlo.minimum %142, %148 : tensor<6xf32>
      %150 = func.call @_where_0(%147, %149, %142) : (tensor<6xi1>, tensor<6xf32>, tensor<6xf32>) -> tensor<6xf32>
      %151 = stablehlo.slice %iterArg_39 [2:3] : (tensor<6xf32>) -> tensor<1xf32>
      %152 = stablehlo.reshape %151 : (tensor<1xf32>) -> tensor<f32>
      %153 = stablehlo.slice %iterArg_41 [1:2] : (tensor<5xf32>) -> tensor<1xf32>
      %154 = stablehlo.reshape %153 : (tensor<1xf32>) -> tensor<f32>
      %155 = stablehlo.broadcast_in_dim %154, dims = [] : (tensor<f32>) -> tensor<6xf32>
      %156 = stablehlo.divide %155, %150 : tensor<6xf32>
      %157 = stablehlo.broadcast_in_dim %152, dims = [] : (tensor<f32>) -> tensor<6xf32>
      %158 = stablehlo.subtract %157, %156 : tensor<6xf32>
      %159 = stablehlo.subtract %158, %iterArg_46 : tensor<6xf32>
      %160 = stablehlo.compare LE, %159, %iterArg_42, FLOAT : (tensor<6xf32>, tensor<6xf32>) -> tensor<6xi1>
      %c_52 = stablehlo.constant dense<1> : tensor<i32>
      %161 = stablehlo.broadcast_in_dim %c_52, dims = [] : (tensor<i32>) -> tensor<6xi32>
      %162 = stablehlo.add %146, %161 : tensor<6xi32>
      %163 = func.call @_where(%160, %162, %146) : (tensor<6xi1>, tensor<6xi32>, tensor<6xi32>) -> tensor<6xi32>
      %164 = stablehlo.compare LE, %159, %iterArg_42, FLOAT : (tensor<6xf32>, tensor<6xf32>) -> tensor<6xi1>
      %165 = stablehlo.negate %iterArg_42 : tensor<6xf32>
      %166 = stablehlo.minimum %159, %165 : tensor<6xf32>
      %167 = func.call @_where_0(%164, %166, %159) : (tensor<6xi1>, tensor<6xf32>, tensor<6xf32>) -> tensor<6xf32>
      %168 = stablehlo.slice %iterArg_39 [3:4] : (tensor<6xf32>) -> tensor<1xf32>
      %169 = stablehlo.reshape %168 : (tensor<1xf32>) -> tensor<f32>
      %170 = stablehlo.slice %iterArg_41 [2:3] : (tensor<5xf32>) -> tensor<1xf32>
      %171 = stablehlo.reshape %170 : (tensor<1xf32>) -> tensor<f32>
      %172 = stablehlo.broadcast_in_dim %171, dims = [] : (tensor<f32>) -> tensor<6xf32>
      %173 = stablehlo.divide %172, %167 : tensor<6xf32>
      %174 = stablehlo.broadcast_in_dim %169, dims = [] : (tensor<f32>) -> tensor<6xf32>
      %175 = stablehlo.subtract %174, %173 : tensor<6xf32>
      %176 = stablehlo.subtract %175, %iterArg_46 : tensor<6xf32>
      %177 = stablehlo.compare LE, %176, %iterArg_42, FLOAT : (tensor<6xf32>, tensor<6xf32>) -> tensor<6xi1>
      %c_53 = stablehlo.constant dense<1> : tensor<i32>
      %178 = stablehlo.broadcast_in_dim %c_53, dims = [] : (tensor<i32>) -> tensor<6xi32>
      %179 = stablehlo.add %163, %178 : tensor<6xi32>
      %180 = func.call @_where(%177, %179, %163) : (tensor<6xi1>, tensor<6xi32>, tensor<6xi32>) -> tensor<6xi32>
      %181 = stablehlo.compare LE, %176, %iterArg_42, FLOAT : (tensor<6xf32>, tensor<6xf32>) -> tensor<6xi1>
      %182 = stablehlo.negate %iterArg_42 : tensor<6xf32>
      %183 = stablehlo.minimum %176, %182 : tensor<6xf32>
      %184 = func.call @_where_0(%181, %183, %176) : (tensor<6xi1>, tensor<6xf32>, tensor<6xf32>) -> tensor<6xf32>
      %185 = stablehlo.slice %iterArg_39 [4:5] : (tensor<6xf32>) -> tensor<1xf32>
      %186 = stablehlo.reshape %185 : (tensor<1xf32>) -> tensor<f32>
      %187 = stablehlo.slice %iterArg_41 [3:4] : (tensor<5xf32>) -> tensor<1xf32>
      %188 = stablehlo.reshape %187 : (tensor<1xf32>) -> tensor<f32>
      %189 = stablehlo.broadcast_in_dim %188, dims = [] : (tensor<f32>) -> tensor<6xf32>
      %190 = stablehlo.divide %189, %184 : tensor<6xf32>
      %191 = stablehlo.broadcast_in_dim %186, dims = [] : (tensor<f32>) -> tensor<6xf32>
      %192 = stablehlo.subtract %191, %190 : tensor<6xf32>
      %193 = stablehlo.subtract %192, %iterArg_46 : tensor<6xf32>
      %194 = stablehlo.compare LE, %193, %iterArg_42, FLOAT : (tensor<6xf32>, tensor<6xf32>) -> tensor<6xi1>
      %c_54 = stablehlo.constant dense<1> : tensor<i32>
      %195 = stablehlo.broadcast_in_dim %c_54, dims = [] : (tensor<i32>) -> tensor<6xi32>
      %196 = stablehlo.add %180, %195 : tensor<6xi32>
      %197 = func.call @_where(%194, %196, %180) : (tensor<6xi1>, tensor<6xi32>, tensor<6xi32>) -> tensor<6xi32>
      %198 = stablehlo.compare LE, %193, %iterArg_42, FLOAT : (tensor<6xf32>, tensor<6xf32>) -> tensor<6xi1>
      %199 = stablehlo.negate %iterArg_42 : tensor<6xf32>
      %200 = stablehlo.minimum %193, %199 : tensor<6xf32>
      %201 = func.call @_where_0(%198, %200, %193) : (tensor<6xi1>, tensor<6xf32>, tensor<6xf32>) -> tensor<6xf32>
      %202 = stablehlo.slice %iterArg_39 [5:6] : (tensor<6xf32>) -> tensor<1xf32>
      %203 = stablehlo.reshape %202 : (tensor<1xf32>) -> tensor<f32>
      %204 = stablehlo.slice %iterArg_41 [4:5] : (tensor<5xf32>) -> tensor<1xf32>
      %205 = stablehlo.reshape %204 : (tensor<1xf32>) -> tensor<f32>
      %206 = stablehlo.broadcast_in_dim %205, dims = [] : (tensor<f32>) -> tensor<6xf32>
      %207 = stablehlo.divide %206, %201 : tensor<6xf32>
      %208 = stablehlo.broadcast_in_dim %203, dims = [] : (tensor<f32>) -> tensor<6xf32>
      %209 = stablehlo.subtract %208, %207 : tensor<6xf32>
      %210 = stablehlo.subtract %209, %iterArg_46 : tensor<6xf32>
      %211 = stablehlo.compare LE, %210, %iterArg_42, FLOAT : (tensor<6xf32>, tensor<6xf32>) -> tensor<6xi1>
      %c_55 = stablehlo.constant dense<1> : tensor<i32>
      %212 = stablehlo.broadcast_in_dim %c_55, dims = [] : (tensor<i32>) -> tensor<6xi32>
      %213 = stablehlo.add %197, %212 : tensor<6xi32>
      %214 = func.call @_where(%211, %213, %197) : (tensor<6xi1>, tensor<6xi32>, tensor<6xi32>) -> tensor<6xi32>
      %215 = stablehlo.compare LE, %210, %iterArg_42, FLOAT : (tensor<6xf32>, tensor<6xf32>) -> tensor<6xi1>
      %216 = stablehlo.negate %iterArg_42 : tensor<6xf32>
      %217 = stablehlo.minimum %210, %216 : tensor<6xf32>
      %218 = func.call @_where_0(%215, %217, %210) : (tensor<6xi1>, tensor<6xf32>, tensor<6xf32>) -> tensor<6xf32>
      %c_56 = stablehlo.constant dense<6> : tensor<i32>
      %219:7 = stablehlo.while(%iterArg_59 = %iterArg_39, %iterArg_60 = %iterArg_41, %iterArg_61 = %iterArg_46, %iterArg_62 = %iterArg_42, %iterArg_63 = %c_56, %iterArg_64 = %218, %iterArg_65 = %214) : tensor<6xf32>, tensor<5xf32>, tensor<6xf32>, tensor<6xf32>, tensor<i32>, tensor<6xf32>, tensor<6xi32>
      cond {
        %c_66 = stablehlo.constant dense<6> : tensor<i32>
        %228 = stablehlo.compare LT, %iterArg_63, %c_66, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
        stablehlo.return %228 : tensor<i1>
      } do {
        %c_66 = stablehlo.constant dense<0> : tensor<i32>
        %228 = stablehlo.add %iterArg_63, %c_66 : tensor<i32>
        %c_67 = stablehlo.constant dense<0> : tensor<i32>
        %229 = stablehlo.compare LT, %228, %c_67, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
        %230 = stablehlo.convert %228 : tensor<i32>
        %c_68 = stablehlo.constant dense<6> : tensor<i32>
        %231 = stablehlo.add %230, %c_68 : tensor<i32>
        %232 = stablehlo.select %229, %231, %228 : tensor<i1>, tensor<i32>
        %233 = stablehlo.dynamic_slice %iterArg_59, %232, sizes = [1] : (tensor<6xf32>, tensor<i32>) -> tensor<1xf32>
        %234 = stablehlo.reshape %233 : (tensor<1xf32>) -> tensor<f32>
        %c_69 = stablehlo.constant dense<1> : tensor<i32>
        %235 = stablehlo.subtract %228, %c_69 : tensor<i32>
        %c_70 = stablehlo.constant dense<0> : tensor<i32>
        %236 = stablehlo.compare LT, %235, %c_70, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
        %237 = stablehlo.convert %235 : tensor<i32>
        %c_71 = stablehlo.constant dense<5> : tensor<i32>
        %238 = stablehlo.add %237, %c_71 : tensor<i32>
        %239 = stablehlo.select %236, %238, %235 : tensor<i1>, tensor<i32>
        %240 = stablehlo.dynamic_slice %iterArg_60, %239, sizes = [1] : (tensor<5xf32>, tensor<i32>) -> tensor<1xf32>
        %241 = stablehlo.reshape %240 : (tensor<1xf32>) -> tensor<f32>
        %242 = stablehlo.broadcast_in_dim %241, dims = [] : (tensor<f32>) -> tensor<6xf32>
        %243 = stablehlo.divide %242, %iterArg_64 : tensor<6xf32>
        %244 = stablehlo.broadcast_in_dim %234, dims = [] : (tensor<f32>) -> tensor<6xf32>
        %245 = stablehlo.subtract %244, %243 : tensor<6xf32>
        %246 = stablehlo.subtract %245, %iterArg_61 : tensor<6xf32>
        %247 = stablehlo.compare LE, %246, %iterArg_62, FLOAT : (tensor<6xf32>, tensor<6xf32>) -> tensor<6xi1>
        %c_72 = stablehlo.constant dense<1> : tensor<i32>
        %248 = stablehlo.broadcast_in_dim %c_72, dims = [] : (tensor<i32>) -> tensor<6xi32>
        %249 = stablehlo.add %iterArg_65, %248 : tensor<6xi32>
        %250 = func.call @_where(%247, %249, %iterArg_65) : (tensor<6xi1>, tensor<6xi32>, tensor<6xi32>) -> tensor<6xi32>
        %251 = stablehlo.compare LE, %246, %iterArg_62, FLOAT : (tensor<6xf32>, tensor<6xf32>) -> tensor<6xi1>
        %252 = stablehlo.negate %iterArg_62 : tensor<6xf32>
        %253 = stablehlo.minimum %246, %252 : tensor<6xf32>
        %254 = func.call @_where_0(%251, %253, %246) : (tensor<6xi1>, tensor<6xf32>, tensor<6xf32>) -> tensor<6xf32>
        %c_73 = stablehlo.constant dense<1> : tensor<i32>
        %255 = stablehlo.add %iterArg_63, %c_73 : tensor<i32>
        %c_74 = stablehlo.constant dense<0> : tensor<i32>
        %256 = stablehlo.compare LT, %255, %c_74, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
        %257 = stablehlo.convert %255 : tensor<i32>
        %c_75 = stablehlo.constant dense<6> : tensor<i32>
        %258 = stablehlo.add %257, %c_75 : tensor<i32>
        %259 = stablehlo.select %256, %258, %255 : tensor<i1>, tensor<i32>
        %260 = stablehlo.dynamic_slice %iterArg_59, %259, sizes = [1] : (tensor<6xf32>, tensor<i32>) -> tensor<1xf32>
        %261 = stablehlo.reshape %260 : (tensor<1xf32>) -> tensor<f32>
        %c_76 = stablehlo.constant dense<1> : tensor<i32>
        %262 = stablehlo.subtract %255, %c_76 : tensor<i32>
        %c_77 = stablehlo.constant dense<0> : tensor<i32>
        %263 = stablehlo.compare LT, %262, %c_77, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
        %264 = stablehlo.convert %262 : tensor<i32>
        %c_78 = stablehlo.constant dense<5> : tensor<i32>
        %265 = stablehlo.add %264, %c_78 : tensor<i32>
        %266 = stablehlo.select %263, %265, %262 : tensor<i1>, tensor<i32>
        %267 = stablehlo.dynamic_slice %iterArg_60, %266, sizes = [1] : (tensor<5xf32>, tensor<i32>) -> tensor<1xf32>
        %268 = stablehlo.reshape %267 : (tensor<1xf32>) -> tensor<f32>
        %269 = stablehlo.broadcast_in_dim %268, dims = [] : (tensor<f32>) -> tensor<6xf32>
        %270 = stablehlo.divide %269, %254 : tensor<6xf32>
        %271 = stablehlo.broadcast_in_dim %261, dims = [] : (tensor<f32>) -> tensor<6xf32>
        %272 = stablehlo.subtract %271, %270 : tensor<6xf32>
        %273 = stablehlo.subtract %272, %iterArg_61 : tensor<6xf32>
        %274 = stablehlo.compare LE, %273, %iterArg_62, FLOAT : (tensor<6xf32>, tensor<6xf32>) -> tensor<6xi1>
        %c_79 = stablehlo.constant dense<1> : tensor<i32>
        %275 = stablehlo.broadcast_in_dim %c_79, dims = [] : (tensor<i32>) -> tensor<6xi32>
        %276 = stablehlo.add %250, %275 : tensor<6xi32>
        %277 = func.call @_where(%274, %276, %250) : (tensor<6xi1>, tensor<6xi32>, tensor<6xi32>) -> tensor<6xi32>
        %278 = stablehlo.compare LE, %273, %iterArg_62, FLOAT : (tensor<6xf32>, tensor<6xf32>) -> tensor<6xi1>
        %279 = stablehlo.negate %iterArg_62 : tensor<6xf32>
        %280 = stablehlo.minimum %273, %279 : tensor<6xf32>
        %281 = func.call @_where_0(%278, %280, %273) : (tensor<6xi1>, tensor<6xf32>, tensor<6xf32>) -> tensor<6xf32>
        %c_80 = stablehlo.constant dense<2> : tensor<i32>
        %282 = stablehlo.add %iterArg_63, %c_80 : tensor<i32>
        %c_81 = stablehlo.constant dense<0> : tensor<i32>
        %283 = stablehlo.compare LT, %282, %c_81, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
        %284 = stablehlo.convert %282 : tensor<i32>
        %c_82 = stablehlo.constant dense<6> : tensor<i32>
        %285 = stablehlo.add %284, %c_82 : tensor<i32>
        %286 = stablehlo.select %283, %285, %282 : tensor<i1>, tensor<i32>
        %287 = stablehlo.dynamic_slice %iterArg_59, %286, sizes = [1] : (tensor<6xf32>, tensor<i32>) -> tensor<1xf32>
        %288 = stablehlo.reshape %287 : (tensor<1xf32>) -> tensor<f32>
        %c_83 = stablehlo.constant dense<1> : tensor<i32>
        %289 = stablehlo.subtract %282, %c_83 : tensor<i32>
        %c_84 = stablehlo.constant dense<0> : tensor<i32>
        %290 = stablehlo.compare LT, %289, %c_84, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
        %291 = stablehlo.convert %289 : tensor<i32>
        %c_85 = stablehlo.constant dense<5> : tensor<i32>
        %292 = stablehlo.add %291, %c_85 : tensor<i32>
        %293 = stablehlo.select %290, %292, %289 : tensor<i1>, tensor<i32>
        %294 = stablehlo.dynamic_slice %iterArg_60, %293, sizes = [1] : (tensor<5xf32>, tensor<i32>) -> tensor<1xf32>
        %295 = stablehlo.reshape %294 : (tensor<1xf32>) -> tensor<f32>
        %296 = stablehlo.broadcast_in_dim %295, dims = [] : (tensor<f32>) -> tensor<6xf32>
        %297 = stablehlo.divide %296, %281 : tensor<6xf32>
        %298 = stablehlo.broadcast_in_dim %288, dims = [] : (tensor<f32>) -> tensor<6xf32>
        %299 = stablehlo.subtract %298, %297 : tensor<6xf32>
        %300 = stablehlo.subtract %299, %iterArg_61 : tensor<6xf32>
        %301 = stablehlo.compare LE, %300, %iterArg_62, FLOAT : (tensor<6xf32>, tensor<6xf32>) -> tensor<6xi1>
        %c_86 = stablehlo.constant dense<1> : tensor<i32>
        %302 = stablehlo.broadcast_in_dim %c_86, dims = [] : (tensor<i32>) -> tensor<6xi32>
        %303 = stablehlo.add %277, %302 : tensor<6xi32>
        %304 = func.call @_where(%301, %303, %277) : (tensor<6xi1>, tensor<6xi32>, tensor<6xi32>) -> tensor<6xi32>
        %305 = stablehlo.compare LE, %300, %iterArg_62, FLOAT : (tensor<6xf32>, tensor<6xf32>) -> tensor<6xi1>
        %306 = stablehlo.negate %iterArg_62 : tensor<6xf32>
        %307 = stablehlo.minimum %300, %306 : tensor<6xf32>
        %308 = func.call @_where_0(%305, %307, %300) : (tensor<6xi1>, tensor<6xf32>, tensor<6xf32>) -> tensor<6xf32>
        %c_87 = stablehlo.constant dense<3> : tensor<i32>
        %309 = stablehlo.add %iterArg_63, %c_87 : tensor<i32>
        %c_88 = stablehlo.constant dense<0> : tensor<i32>
        %310 = stablehlo.compare LT, %309, %c_88, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
        %311 = stablehlo.convert %309 : tensor<i32>
        %c_89 = stablehlo.constant dense<6> : tensor<i32>
        %312 = stablehlo.add %311, %c_89 : tensor<i32>
        %313 = stablehlo.select %310, %312, %309 : tensor<i1>, tensor<i32>
        %314 = stablehlo.dynamic_slice %iterArg_59, %313, sizes = [1] : (tensor<6xf32>, tensor<i32>) -> tensor<1xf32>
        %315 = stablehlo.reshape %314 : (tensor<1xf32>) -> tensor<f32>
        %c_90 = stablehlo.constant dense<1> : tensor<i32>
        %316 = stablehlo.subtract %309, %c_90 : tensor<i32>
        %c_91 = stablehlo.constant dense<0> : tensor<i32>
        %317 = stablehlo.compare LT, %316, %c_91, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
        %318 = stablehlo.convert %316 : tensor<i32>
        %c_92 = stablehlo.constant dense<5> : tensor<i32>
        %319 = stablehlo.add %318, %c_92 : tensor<i32>
        %320 = stablehlo.select %317, %319, %316 : tensor<i1>, tensor<i32>
        %321 = stablehlo.dynamic_slice %iterArg_60, %320, sizes = [1] : (tensor<5xf32>, tensor<i32>) -> tensor<1xf32>
        %322 = stablehlo.reshape %321 : (tensor<1xf32>) -> tensor<f32>
        %323 = stablehlo.broadcast_in_dim %322, dims = [] : (tensor<f32>) -> tensor<6xf32>
        %324 = stablehlo.divide %323, %308 : tensor<6xf32>
        %325 = stablehlo.broadcast_in_dim %315, dims = [] : (tensor<f32>) -> tensor<6xf32>
        %326 = stablehlo.subtract %325, %324 : tensor<6xf32>
        %327 = stablehlo.subtract %326, %iterArg_61 : tensor<6xf32>
        %328 = stablehlo.compare LE, %327, %iterArg_62, FLOAT : (tensor<6xf32>, tensor<6xf32>) -> tensor<6xi1>
        %c_93 = stablehlo.constant dense<1> : tensor<i32>
        %329 = stablehlo.broadcast_in_dim %c_93, dims = [] : (tensor<i32>) -> tensor<6xi32>
        %330 = stablehlo.add %304, %329 : tensor<6xi32>
        %331 = func.call @_where(%328, %330, %304) : (tensor<6xi1>, tensor<6xi32>, tensor<6xi32>) -> tensor<6xi32>
        %332 = stablehlo.compare LE, %327, %iterArg_62, FLOAT : (tensor<6xf32>, tensor<6xf32>) -> tensor<6xi1>
        %333 = stablehlo.negate %iterArg_62 : tensor<6xf32>
        %334 = stablehlo.minimum %327, %333 : tensor<6xf32>
        %335 = func.call @_where_0(%332, %334, %327) : (tensor<6xi1>, tensor<6xf32>, tensor<6xf32>) -> tensor<6xf32>
        %c_94 = stablehlo.constant dense<4> : tensor<i32>
        %336 = stablehlo.add %iterArg_63, %c_94 : tensor<i32>
        %c_95 = stablehlo.constant dense<0> : tensor<i32>
        %337 = stablehlo.compare LT, %336, %c_95, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
        %338 = stablehlo.convert %336 : tensor<i32>
        %c_96 = stablehlo.constant dense<6> : tensor<i32>
        %339 = stablehlo.add %338, %c_96 : tensor<i32>
        %340 = stablehlo.select %337, %339, %336 : tensor<i1>, tensor<i32>
        %341 = stablehlo.dynamic_slice %iterArg_59, %340, sizes = [1] : (tensor<6xf32>, tensor<i32>) -> tensor<1xf32>
        %342 = stablehlo.reshape %341 : (tensor<1xf32>) -> tensor<f32>
        %c_97 = stablehlo.constant dense<1> : tensor<i32>
        %343 = stablehlo.subtract %336, %c_97 : tensor<i32>
        %c_98 = stablehlo.constant dense<0> : tensor<i32>
        %344 = stablehlo.compare LT, %343, %c_98, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
        %345 = stablehlo.convert %343 : tensor<i32>
        %c_99 = stablehlo.constant dense<5> : tensor<i32>
        %346 = stablehlo.add %345, %c_99 : tensor<i32>
        %347 = stablehlo.select %344, %346, %343 : tensor<i1>, tensor<i32>
        %348 = stablehlo.dynamic_slice %iterArg_60, %347, sizes = [1] : (tensor<5xf32>, tensor<i32>) -> tensor<1xf32>
        %349 = stablehlo.reshape %348 : (tensor<1xf32>) -> tensor<f32>
        %350 = stablehlo.broadcast_in_dim %349, dims = [] : (tensor<f32>) -> tensor<6xf32>
        %351 = stablehlo.divide %350, %335 : tensor<6xf32>
        %352 = stablehlo.broadcast_in_dim %342, dims = [] : (tensor<f32>) -> tensor<6xf32>
        %353 = stablehlo.subtract %352, %351 : tensor<6xf32>
        %354 = stablehlo.subtract %353, %iterArg_61 : tensor<6xf32>
        %355 = stablehlo.compare LE, %354, %iterArg_62, FLOAT : (tensor<6xf32>, tensor<6xf32>) -> tensor<6xi1>
        %c_100 = stablehlo.constant dense<1> : tensor<i32>
        %356 = stablehlo.broadcast_in_dim %c_100, dims = [] : (tensor<i32>) -> tensor<6xi32>
        %357 = stablehlo.add %331, %356 : tensor<6xi32>
        %358 = func.call @_where(%355, %357, %331) : (tensor<6xi1>, tensor<6xi32>, tensor<6xi32>) -> tensor<6xi32>
        %359 = stablehlo.compare LE, %354, %iterArg_62, FLOAT : (tensor<6xf32>, tensor<6xf32>) -> tensor<6xi1>
        %360 = stablehlo.negate %iterArg_62 : tensor<6xf32>
        %361 = stablehlo.minimum %354, %360 : tensor<6xf32>
        %362 = func.call @_where_0(%359, %361, %354) : (tensor<6xi1>, tensor<6xf32>, tensor<6xf32>) -> tensor<6xf32>
        %c_101 = stablehlo.constant dense<5> : tensor<i32>
        %363 = stablehlo.add %iterArg_63, %c_101 : tensor<i32>
        %c_102 = stablehlo.constant dense<0> : tensor<i32>
        %364 = stablehlo.compare LT, %363, %c_102, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
        %365 = stablehlo.convert %363 : tensor<i32>
        %c_103 = stablehlo.constant dense<6> : tensor<i32>
        %366 = stablehlo.add %365, %c_103 : tensor<i32>
        %367 = stablehlo.select %364, %366, %363 : tensor<i1>, tensor<i32>
        %368 = stablehlo.dynamic_slice %iterArg_59, %367, sizes = [1] : (tensor<6xf32>, tensor<i32>) -> tensor<1xf32>
        %369 = stablehlo.reshape %368 : (tensor<1xf32>) -> tensor<f32>
        %c_104 = stablehlo.constant dense<1> : tensor<i32>
        %370 = stablehlo.subtract %363, %c_104 : tensor<i32>
        %c_105 = stablehlo.constant dense<0> : tensor<i32>
        %371 = stablehlo.compare LT, %370, %c_105, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
        %372 = stablehlo.convert %370 : tensor<i32>
        %c_106 = stablehlo.constant dense<5> : tensor<i32>
        %373 = stablehlo.add %372, %c_106 : tensor<i32>
        %374 = stablehlo.select %371, %373, %370 : tensor<i1>, tensor<i32>
        %375 = stablehlo.dynamic_slice %iterArg_60, %374, sizes = [1] : (tensor<5xf32>, tensor<i32>) -> tensor<1xf32>
        %376 = stablehlo.reshape %375 : (tensor<1xf32>) -> tensor<f32>
        %377 = stablehlo.broadcast_in_dim %376, dims = [] : (tensor<f32>) -> tensor<6xf32>
        %378 = stablehlo.divide %377, %362 : tensor<6xf32>
        %379 = stablehlo.broadcast_in_dim %369, dims = [] : (tensor<f32>) -> tensor<6xf32>
        %380 = stablehlo.subtract %379, %378 : tensor<6xf32>
        %381 = stablehlo.subtract %380, %iterArg_61 : tensor<6xf32>
        %382 = stablehlo.compare LE, %381, %iterArg_62, FLOAT : (tensor<6xf32>, tensor<6xf32>) -> tensor<6xi1>
        %c_107 = stablehlo.constant dense<1> : tensor<i32>
        %383 = stablehlo.broadcast_in_dim %c_107, dims = [] : (tensor<i32>) -> tensor<6xi32>
        %384 = stablehlo.add %358, %383 : tensor<6xi32>
        %385 = func.call @_where(%382, %384, %358) : (tensor<6xi1>, tensor<6xi32>, tensor<6xi32>) -> tensor<6xi32>
        %386 = stablehlo.compare LE, %381, %iterArg_62, FLOAT : (tensor<6xf32>, tensor<6xf32>) -> tensor<6xi1>
        %387 = stablehlo.negate %iterArg_62 : tensor<6xf32>
        %388 = stablehlo.minimum %381, %387 : tensor<6xf32>
        %389 = func.call @_where_0(%386, %388, %381) : (tensor<6xi1>, tensor<6xf32>, tensor<6xf32>) -> tensor<6xf32>
        %c_108 = stablehlo.constant dense<6> : tensor<i32>
        %390 = stablehlo.add %iterArg_63, %c_108 : tensor<i32>
        %c_109 = stablehlo.constant dense<0> : tensor<i32>
        %391 = stablehlo.compare LT, %390, %c_109, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
        %392 = stablehlo.convert %390 : tensor<i32>
        %c_110 = stablehlo.constant dense<6> : tensor<i32>
        %393 = stablehlo.add %392, %c_110 : tensor<i32>
        %394 = stablehlo.select %391, %393, %390 : tensor<i1>, tensor<i32>
        %395 = stablehlo.dynamic_slice %iterArg_59, %394, sizes = [1] : (tensor<6xf32>, tensor<i32>) -> tensor<1xf32>
        %396 = stablehlo.reshape %395 : (tensor<1xf32>) -> tensor<f32>
        %c_111 = stablehlo.constant dense<1> : tensor<i32>
        %397 = stablehlo.subtract %390, %c_111 : tensor<i32>
        %c_112 = stablehlo.constant dense<0> : tensor<i32>
        %398 = stablehlo.compare LT, %397, %c_112, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
        %399 = stablehlo.convert %397 : tensor<i32>
        %c_113 = stablehlo.constant dense<5> : tensor<i32>
        %400 = stablehlo.add %399, %c_113 : tensor<i32>
        %401 = stablehlo.select %398, %400, %397 : tensor<i1>, tensor<i32>
        %402 = stablehlo.dynamic_slice %iterArg_60, %401, sizes = [1] : (tensor<5xf32>, tensor<i32>) -> tensor<1xf32>
        %403 = stablehlo.reshape %402 : (tensor<1xf32>) -> tensor<f32>
        %404 = stablehlo.broadcast_in_dim %403, dims = [] : (tensor<f32>) -> tensor<6xf32>
        %405 = stablehlo.divide %404, %389 : tensor<6xf32>
        %406 = stablehlo.broadcast_in_dim %396, dims = [] : (tensor<f32>) -> tensor<6xf32>
        %407 = stablehlo.subtract %406, %405 : tensor<6xf32>
        %408 = stablehlo.subtract %407, %iterArg_61 : tensor<6xf32>
        %409 = stablehlo.compare LE, %408, %iterArg_62, FLOAT : (tensor<6xf32>, tensor<6xf32>) -> tensor<6xi1>
        %c_114 = stablehlo.constant dense<1> : tensor<i32>
        %410 = stablehlo.broadcast_in_dim %c_114, dims = [] : (tensor<i32>) -> tensor<6xi32>
        %411 = stablehlo.add %385, %410 : tensor<6xi32>
        %412 = func.call @_where(%409, %411, %385) : (tensor<6xi1>, tensor<6xi32>, tensor<6xi32>) -> tensor<6xi32>
        %413 = stablehlo.compare LE, %408, %iterArg_62, FLOAT : (tensor<6xf32>, tensor<6xf32>) -> tensor<6xi1>
        %414 = stablehlo.negate %iterArg_62 : tensor<6xf32>
        %415 = stablehlo.minimum %408, %414 : tensor<6xf32>
        %416 = func.call @_where_0(%413, %415, %408) : (tensor<6xi1>, tensor<6xf32>, tensor<6xf32>) -> tensor<6xf32>
        %c_115 = stablehlo.constant dense<7> : tensor<i32>
        %417 = stablehlo.add %iterArg_63, %c_115 : tensor<i32>
        %c_116 = stablehlo.constant dense<0> : tensor<i32>
        %418 = stablehlo.compare LT, %417, %c_116, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
        %419 = stablehlo.convert %417 : tensor<i32>
        %c_117 = stablehlo.constant dense<6> : tensor<i32>
        %420 = stablehlo.add %419, %c_117 : tensor<i32>
        %421 = stablehlo.select %418, %420, %417 : tensor<i1>, tensor<i32>
        %422 = stablehlo.dynamic_slice %iterArg_59, %421, sizes = [1] : (tensor<6xf32>, tensor<i32>) -> tensor<1xf32>
        %423 = stablehlo.reshape %422 : (tensor<1xf32>) -> tensor<f32>
        %c_118 = stablehlo.constant dense<1> : tensor<i32>
        %424 = stablehlo.subtract %417, %c_118 : tensor<i32>
        %c_119 = stablehlo.constant dense<0> : tensor<i32>
        %425 = stablehlo.compare LT, %424, %c_119, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
        %426 = stablehlo.convert %424 : tensor<i32>
        %c_120 = stablehlo.constant dense<5> : tensor<i32>
        %427 = stablehlo.add %426, %c_120 : tensor<i32>
        %428 = stablehlo.select %425, %427, %424 : tensor<i1>, tensor<i32>
        %429 = stablehlo.dynamic_slice %iterArg_60, %428, sizes = [1] : (tensor<5xf32>, tensor<i32>) -> tensor<1xf32>
        %430 = stablehlo.reshape %429 : (tensor<1xf32>) -> tensor<f32>
        %431 = stablehlo.broadcast_in_dim %430, dims = [] : (tensor<f32>) -> tensor<6xf32>
        %432 = stablehlo.divide %431, %416 : tensor<6xf32>
        %433 = stablehlo.broadcast_in_dim %423, dims = [] : (tensor<f32>) -> tensor<6xf32>
        %434 = stablehlo.subtract %433, %432 : tensor<6xf32>
        %435 = stablehlo.subtract %434, %iterArg_61 : tensor<6xf32>
        %436 = stablehlo.compare LE, %435, %iterArg_62, FLOAT : (tensor<6xf32>, tensor<6xf32>) -> tensor<6xi1>
        %c_121 = stablehlo.constant dense<1> : tensor<i32>
        %437 = stablehlo.broadcast_in_dim %c_121, dims = [] : (tensor<i32>) -> tensor<6xi32>
        %438 = stablehlo.add %412, %437 : tensor<6xi32>
        %439 = func.call @_where(%436, %438, %412) : (tensor<6xi1>, tensor<6xi32>, tensor<6xi32>) -> tensor<6xi32>
        %440 = stablehlo.compare LE, %435, %iterArg_62, FLOAT : (tensor<6xf32>, tensor<6xf32>) -> tensor<6xi1>
        %441 = stablehlo.negate %iterArg_62 : tensor<6xf32>
        %442 = stablehlo.minimum %435, %441 : tensor<6xf32>
        %443 = func.call @_where_0(%440, %442, %435) : (tensor<6xi1>, tensor<6xf32>, tensor<6xf32>) -> tensor<6xf32>
        %c_122 = stablehlo.constant dense<8> : tensor<i32>
        %444 = stablehlo.add %iterArg_63, %c_122 : tensor<i32>
        %c_123 = stablehlo.constant dense<0> : tensor<i32>
        %445 = stablehlo.compare LT, %444, %c_123, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
        %446 = stablehlo.convert %444 : tensor<i32>
        %c_124 = stablehlo.constant dense<6> : tensor<i32>
        %447 = stablehlo.add %446, %c_124 : tensor<i32>
        %448 = stablehlo.select %445, %447, %444 : tensor<i1>, tensor<i32>
        %449 = stablehlo.dynamic_slice %iterArg_59, %448, sizes = [1] : (tensor<6xf32>, tensor<i32>) -> tensor<1xf32>
        %450 = stablehlo.reshape %449 : (tensor<1xf32>) -> tensor<f32>
        %c_125 = stablehlo.constant dense<1> : tensor<i32>
        %451 = stablehlo.subtract %444, %c_125 : tensor<i32>
        %c_126 = stablehlo.constant dense<0> : tensor<i32>
        %452 = stablehlo.compare LT, %451, %c_126, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
        %453 = stablehlo.convert %451 : tensor<i32>
        %c_127 = stablehlo.constant dense<5> : tensor<i32>
        %454 = stablehlo.add %453, %c_127 : tensor<i32>
        %455 = stablehlo.select %452, %454, %451 : tensor<i1>, tensor<i32>
        %456 = stablehlo.dynamic_slice %iterArg_60, %455, sizes = [1] : (tensor<5xf32>, tensor<i32>) -> tensor<1xf32>
        %457 = stablehlo.reshape %456 : (tensor<1xf32>) -> tensor<f32>
        %458 = stablehlo.broadcast_in_dim %457, dims = [] : (tensor<f32>) -> tensor<6xf32>
        %459 = stablehlo.divide %458, %443 : tensor<6xf32>
        %460 = stablehlo.broadcast_in_dim %450, dims = [] : (tensor<f32>) -> tensor<6xf32>
        %461 = stablehlo.subtract %460, %459 : tensor<6xf32>
        %462 = stablehlo.subtract %461, %iterArg_61 : tensor<6xf32>
        %463 = stablehlo.compare LE, %462, %iterArg_62, FLOAT : (tensor<6xf32>, tensor<6xf32>) -> tensor<6xi1>
        %c_128 = stablehlo.constant dense<1> : tensor<i32>
        %464 = stablehlo.broadcast_in_dim %c_128, dims = [] : (tensor<i32>) -> tensor<6xi32>
        %465 = stablehlo.add %439, %464 : tensor<6xi32>
        %466 = func.call @_where(%463, %465, %439) : (tensor<6xi1>, tensor<6xi32>, tensor<6xi32>) -> tensor<6xi32>
        %467 = stablehlo.compare LE, %462, %iterArg_62, FLOAT : (tensor<6xf32>, tensor<6xf32>) -> tensor<6xi1>
        %468 = stablehlo.negate %iterArg_62 : tensor<6xf32>
        %469 = stablehlo.minimum %462, %468 : tensor<6xf32>
        %470 = func.call @_where_0(%467, %469, %462) : (tensor<6xi1>, tensor<6xf32>, tensor<6xf32>) -> tensor<6xf32>
        %c_129 = stablehlo.constant dense<9> : tensor<i32>
        %471 = stablehlo.add %iterArg_63, %c_129 : tensor<i32>
        %c_130 = stablehlo.constant dense<0> : tensor<i32>
        %472 = stablehlo.compare LT, %471, %c_130, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
        %473 = stablehlo.convert %471 : tensor<i32>
        %c_131 = stablehlo.constant dense<6> : tensor<i32>
        %474 = stablehlo.add %473, %c_131 : tensor<i32>
        %475 = stablehlo.select %472, %474, %471 : tensor<i1>, tensor<i32>
        %476 = stablehlo.dynamic_slice %iterArg_59, %475, sizes = [1] : (tensor<6xf32>, tensor<i32>) -> tensor<1xf32>
        %477 = stablehlo.reshape %476 : (tensor<1xf32>) -> tensor<f32>
        %c_132 = stablehlo.constant dense<1> : tensor<i32>
        %478 = stablehlo.subtract %471, %c_132 : tensor<i32>
        %c_133 = stablehlo.constant dense<0> : tensor<i32>
        %479 = stablehlo.compare LT, %478, %c_133, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
        %480 = stablehlo.convert %478 : tensor<i32>
        %c_134 = stablehlo.constant dense<5> : tensor<i32>
        %481 = stablehlo.add %480, %c_134 : tensor<i32>
        %482 = stablehlo.select %479, %481, %478 : tensor<i1>, tensor<i32>
        %483 = stablehlo.dynamic_slice %iterArg_60, %482, sizes = [1] : (tensor<5xf32>, tensor<i32>) -> tensor<1xf32>
        %484 = stablehlo.reshape %483 : (tensor<1xf32>) -> tensor<f32>
        %485 = stablehlo.broadcast_in_dim %484, dims = [] : (tensor<f32>) -> tensor<6xf32>
        %486 = stablehlo.divide %485, %470 : tensor<6xf32>
        %487 = stablehlo.broadcast_in_dim %477, dims = [] : (tensor<f32>) -> tensor<6xf32>
        %488 = stablehlo.subtract %487, %486 : tensor<6xf32>
        %489 = stablehlo.subtract %488, %iterArg_61 : tensor<6xf32>
        %490 = stablehlo.compare LE, %489, %iterArg_62, FLOAT : (tensor<6xf32>, tensor<6xf32>) -> tensor<6xi1>
        %c_135 = stablehlo.constant dense<1> : tensor<i32>
        %491 = stablehlo.broadcast_in_dim %c_135, dims = [] : (tensor<i32>) -> tensor<6xi32>
        %492 = stablehlo.add %466, %491 : tensor<6xi32>
        %493 = func.call @_where(%490, %492, %466) : (tensor<6xi1>, tensor<6xi32>, tensor<6xi32>) -> tensor<6xi32>
        %494 = stablehlo.compare LE, %489, %iterArg_62, FLOAT : (tensor<6xf32>, tensor<6xf32>) -> tensor<6xi1>
        %495 = stablehlo.negate %iterArg_62 : tensor<6xf32>
        %496 = stablehlo.minimum %489, %495 : tensor<6xf32>
        %497 = func.call @_where_0(%494, %496, %489) : (tensor<6xi1>, tensor<6xf32>, tensor<6xf32>) -> tensor<6xf32>
        %c_136 = stablehlo.constant dense<10> : tensor<i32>
        %498 = stablehlo.add %iterArg_63, %c_136 : tensor<i32>
        %c_137 = stablehlo.constant dense<0> : tensor<i32>
        %499 = stablehlo.compare LT, %498, %c_137, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
        %500 = stablehlo.convert %498 : tensor<i32>
        %c_138 = stablehlo.constant dense<6> : tensor<i32>
        %501 = stablehlo.add %500, %c_138 : tensor<i32>
        %502 = stablehlo.select %499, %501, %498 : tensor<i1>, tensor<i32>
        %503 = stablehlo.dynamic_slice %iterArg_59, %502, sizes = [1] : (tensor<6xf32>, tensor<i32>) -> tensor<1xf32>
        %504 = stablehlo.reshape %503 : (tensor<1xf32>) -> tensor<f32>
        %c_139 = stablehlo.constant dense<1> : tensor<i32>
        %505 = stablehlo.subtract %498, %c_139 : tensor<i32>
        %c_140 = stablehlo.constant dense<0> : tensor<i32>
        %506 = stablehlo.compare LT, %505, %c_140, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
        %507 = stablehlo.convert %505 : tensor<i32>
        %c_141 = stablehlo.constant dense<5> : tensor<i32>
        %508 = stablehlo.add %507, %c_141 : tensor<i32>
        %509 = stablehlo.select %506, %508, %505 : tensor<i1>, tensor<i32>
        %510 = stablehlo.dynamic_slice %iterArg_60, %509, sizes = [1] : (tensor<5xf32>, tensor<i32>) -> tensor<1xf32>
        %511 = stablehlo.reshape %510 : (tensor<1xf32>) -> tensor<f32>
        %512 = stablehlo.broadcast_in_dim %511, dims = [] : (tensor<f32>) -> tensor<6xf32>
        %513 = stablehlo.divide %512, %497 : tensor<6xf32>
        %514 = stablehlo.broadcast_in_dim %504, dims = [] : (tensor<f32>) -> tensor<6xf32>
        %515 = stablehlo.subtract %514, %513 : tensor<6xf32>
        %516 = stablehlo.subtract %515, %iterArg_61 : tensor<6xf32>
        %517 = stablehlo.compare LE, %516, %iterArg_62, FLOAT : (tensor<6xf32>, tensor<6xf32>) -> tensor<6xi1>
        %c_142 = stablehlo.constant dense<1> : tensor<i32>
        %518 = stablehlo.broadcast_in_dim %c_142, dims = [] : (tensor<i32>) -> tensor<6xi32>
        %519 = stablehlo.add %493, %518 : tensor<6xi32>
        %520 = func.call @_where(%517, %519, %493) : (tensor<6xi1>, tensor<6xi32>, tensor<6xi32>) -> tensor<6xi32>
        %521 = stablehlo.compare LE, %516, %iterArg_62, FLOAT : (tensor<6xf32>, tensor<6xf32>) -> tensor<6xi1>
        %522 = stablehlo.negate %iterArg_62 : tensor<6xf32>
        %523 = stablehlo.minimum %516, %522 : tensor<6xf32>
        %524 = func.call @_where_0(%521, %523, %516) : (tensor<6xi1>, tensor<6xf32>, tensor<6xf32>) -> tensor<6xf32>
        %c_143 = stablehlo.constant dense<11> : tensor<i32>
        %525 = stablehlo.add %iterArg_63, %c_143 : tensor<i32>
        %c_144 = stablehlo.constant dense<0> : tensor<i32>
        %526 = stablehlo.compare LT, %525, %c_144, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
        %527 = stablehlo.convert %525 : tensor<i32>
        %c_145 = stablehlo.constant dense<6> : tensor<i32>
        %528 = stablehlo.add %527, %c_145 : tensor<i32>
        %529 = stablehlo.select %526, %528, %525 : tensor<i1>, tensor<i32>
        %530 = stablehlo.dynamic_slice %iterArg_59, %529, sizes = [1] : (tensor<6xf32>, tensor<i32>) -> tensor<1xf32>
        %531 = stablehlo.reshape %530 : (tensor<1xf32>) -> tensor<f32>
        %c_146 = stablehlo.constant dense<1> : tensor<i32>
        %532 = stablehlo.subtract %525, %c_146 : tensor<i32>
        %c_147 = stablehlo.constant dense<0> : tensor<i32>
        %533 = stablehlo.compare LT, %532, %c_147, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
        %534 = stablehlo.convert %532 : tensor<i32>
        %c_148 = stablehlo.constant dense<5> : tensor<i32>
        %535 = stablehlo.add %534, %c_148 : tensor<i32>
        %536 = stablehlo.select %533, %535, %532 : tensor<i1>, tensor<i32>
        %537 = stablehlo.dynamic_slice %iterArg_60, %536, sizes = [1] : (tensor<5xf32>, tensor<i32>) -> tensor<1xf32>
        %538 = stablehlo.reshape %537 : (tensor<1xf32>) -> tensor<f32>
        %539 = stablehlo.broadcast_in_dim %538, dims = [] : (tensor<f32>) -> tensor<6xf32>
        %540 = stablehlo.divide %539, %524 : tensor<6xf32>
        %541 = stablehlo.broadcast_in_dim %531, dims = [] : (tensor<f32>) -> tensor<6xf32>
        %542 = stablehlo.subtract %541, %540 : tensor<6xf32>
        %543 = stablehlo.subtract %542, %iterArg_61 : tensor<6xf32>
        %544 = stablehlo.compare LE, %543, %iterArg_62, FLOAT : (tensor<6xf32>, tensor<6xf32>) -> tensor<6xi1>
        %c_149 = stablehlo.constant dense<1> : tensor<i32>
        %545 = stablehlo.broadcast_in_dim %c_149, dims = [] : (tensor<i32>) -> tensor<6xi32>
        %546 = stablehlo.add %520, %545 : tensor<6xi32>
        %547 = func.call @_where(%544, %546, %520) : (tensor<6xi1>, tensor<6xi32>, tensor<6xi32>) -> tensor<6xi32>
        %548 = stablehlo.compare LE, %543, %iterArg_62, FLOAT : (tensor<6xf32>, tensor<6xf32>) -> tensor<6xi1>
        %549 = stablehlo.negate %iterArg_62 : tensor<6xf32>
        %550 = stablehlo.minimum %543, %549 : tensor<6xf32>
        %551 = func.call @_where_0(%548, %550, %543) : (tensor<6xi1>, tensor<6xf32>, tensor<6xf32>) -> tensor<6xf32>
        %c_150 = stablehlo.constant dense<12> : tensor<i32>
        %552 = stablehlo.add %iterArg_63, %c_150 : tensor<i32>
        %c_151 = stablehlo.constant dense<0> : tensor<i32>
        %553 = stablehlo.compare LT, %552, %c_151, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
        %554 = stablehlo.convert %552 : tensor<i32>
        %c_152 = stablehlo.constant dense<6> : tensor<i32>
        %555 = stablehlo.add %554, %c_152 : tensor<i32>
        %556 = stablehlo.select %553, %555, %552 : tensor<i1>, tensor<i32>
        %557 = stablehlo.dynamic_slice %iterArg_59, %556, sizes = [1] : (tensor<6xf32>, tensor<i32>) -> tensor<1xf32>
        %558 = stablehlo.reshape %557 : (tensor<1xf32>) -> tensor<f32>
        %c_153 = stablehlo.constant dense<1> : tensor<i32>
        %559 = stablehlo.subtract %552, %c_153 : tensor<i32>
        %c_154 = stablehlo.constant dense<0> : tensor<i32>
        %560 = stablehlo.compare LT, %559, %c_154, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
        %561 = stablehlo.convert %559 : tensor<i32>
        %c_155 = stablehlo.constant dense<5> : tensor<i32>
        %562 = stablehlo.add %561, %c_155 : tensor<i32>
        %563 = stablehlo.select %560, %562, %559 : tensor<i1>, tensor<i32>
        %564 = stablehlo.dynamic_slice %iterArg_60, %563, sizes = [1] : (tensor<5xf32>, tensor<i32>) -> tensor<1xf32>
        %565 = stablehlo.reshape %564 : (tensor<1xf32>) -> tensor<f32>
        %566 = stablehlo.broadcast_in_dim %565, dims = [] : (tensor<f32>) -> tensor<6xf32>
        %567 = stablehlo.divide %566, %551 : tensor<6xf32>
        %568 = stablehlo.broadcast_in_dim %558, dims = [] : (tensor<f32>) -> tensor<6xf32>
        %569 = stablehlo.subtract %568, %567 : tensor<6xf32>
        %570 = stablehlo.subtract %569, %iterArg_61 : tensor<6xf32>
        %571 = stablehlo.compare LE, %570, %iterArg_62, FLOAT : (tensor<6xf32>, tensor<6xf32>) -> tensor<6xi1>
        %c_156 = stablehlo.constant dense<1> : tensor<i32>
        %572 = stablehlo.broadcast_in_dim %c_156, dims = [] : (tensor<i32>) -> tensor<6xi32>
        %573 = stablehlo.add %547, %572 : tensor<6xi32>
        %574 = func.call @_where(%571, %573, %547) : (tensor<6xi1>, tensor<6xi32>, tensor<6xi32>) -> tensor<6xi32>
        %575 = stablehlo.compare LE, %570, %iterArg_62, FLOAT : (tensor<6xf32>, tensor<6xf32>) -> tensor<6xi1>
        %576 = stablehlo.negate %iterArg_62 : tensor<6xf32>
        %577 = stablehlo.minimum %570, %576 : tensor<6xf32>
        %578 = func.call @_where_0(%575, %577, %570) : (tensor<6xi1>, tensor<6xf32>, tensor<6xf32>) -> tensor<6xf32>
        %c_157 = stablehlo.constant dense<13> : tensor<i32>
        %579 = stablehlo.add %iterArg_63, %c_157 : tensor<i32>
        %c_158 = stablehlo.constant dense<0> : tensor<i32>
        %580 = stablehlo.compare LT, %579, %c_158, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
        %581 = stablehlo.convert %579 : tensor<i32>
        %c_159 = stablehlo.constant dense<6> : tensor<i32>
        %582 = stablehlo.add %581, %c_159 : tensor<i32>
        %583 = stablehlo.select %580, %582, %579 : tensor<i1>, tensor<i32>
        %584 = stablehlo.dynamic_slice %iterArg_59, %583, sizes = [1] : (tensor<6xf32>, tensor<i32>) -> tensor<1xf32>
        %585 = stablehlo.reshape %584 : (tensor<1xf32>) -> tensor<f32>
        %c_160 = stablehlo.constant dense<1> : tensor<i32>
        %586 = stablehlo.subtract %579, %c_160 : tensor<i32>
        %c_161 = stablehlo.constant dense<0> : tensor<i32>
        %587 = stablehlo.compare LT, %586, %c_161, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
        %588 = stablehlo.convert %586 : tensor<i32>
        %c_162 = stablehlo.constant dense<5> : tensor<i32>
        %589 = stablehlo.add %588, %c_162 : tensor<i32>
        %590 = stablehlo.select %587, %589, %586 : tensor<i1>, tensor<i32>
        %591 = stablehlo.dynamic_slice %iterArg_60, %590, sizes = [1] : (tensor<5xf32>, tensor<i32>) -> tensor<1xf32>
        %592 = stablehlo.reshape %591 : (tensor<1xf32>) -> tensor<f32>
        %593 = stablehlo.broadcast_in_dim %592, dims = [] : (tensor<f32>) -> tensor<6xf32>
        %594 = stablehlo.divide %593, %578 : tensor<6xf32>
        %595 = stablehlo.broadcast_in_dim %585, dims = [] : (tensor<f32>) -> tensor<6xf32>
        %596 = stablehlo.subtract %595, %594 : tensor<6xf32>
        %597 = stablehlo.subtract %596, %iterArg_61 : tensor<6xf32>
        %598 = stablehlo.compare LE, %597, %iterArg_62, FLOAT : (tensor<6xf32>, tensor<6xf32>) -> tensor<6xi1>
        %c_163 = stablehlo.constant dense<1> : tensor<i32>
        %599 = stablehlo.broadcast_in_dim %c_163, dims = [] : (tensor<i32>) -> tensor<6xi32>
        %600 = stablehlo.add %574, %599 : tensor<6xi32>
        %601 = func.call @_where(%598, %600, %574) : (tensor<6xi1>, tensor<6xi32>, tensor<6xi32>) -> tensor<6xi32>
        %602 = stablehlo.compare LE, %597, %iterArg_62, FLOAT : (tensor<6xf32>, tensor<6xf32>) -> tensor<6xi1>
        %603 = stablehlo.negate %iterArg_62 : tensor<6xf32>
        %604 = stablehlo.minimum %597, %603 : tensor<6xf32>
        %605 = func.call @_where_0(%602, %604, %597) : (tensor<6xi1>, tensor<6xf32>, tensor<6xf32>) -> tensor<6xf32>
        %c_164 = stablehlo.constant dense<14> : tensor<i32>
        %606 = stablehlo.add %iterArg_63, %c_164 : tensor<i32>
        %c_165 = stablehlo.constant dense<0> : tensor<i32>
        %607 = stablehlo.compare LT, %606, %c_165, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
        %608 = stablehlo.convert %606 : tensor<i32>
        %c_166 = stablehlo.constant dense<6> : tensor<i32>
        %609 = stablehlo.add %608, %c_166 : tensor<i32>
        %610 = stablehlo.select %607, %609, %606 : tensor<i1>, tensor<i32>
        %611 = stablehlo.dynamic_slice %iterArg_59, %610, sizes = [1] : (tensor<6xf32>, tensor<i32>) -> tensor<1xf32>
        %612 = stablehlo.reshape %611 : (tensor<1xf32>) -> tensor<f32>
        %c_167 = stablehlo.constant dense<1> : tensor<i32>
        %613 = stablehlo.subtract %606, %c_167 : tensor<i32>
        %c_168 = stablehlo.constant dense<0> : tensor<i32>
        %614 = stablehlo.compare LT, %613, %c_168, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
        %615 = stablehlo.convert %613 : tensor<i32>
        %c_169 = stablehlo.constant dense<5> : tensor<i32>
        %616 = stablehlo.add %615, %c_169 : tensor<i32>
        %617 = stablehlo.select %614, %616, %613 : tensor<i1>, tensor<i32>
        %618 = stablehlo.dynamic_slice %iterArg_60, %617, sizes = [1] : (tensor<5xf32>, tensor<i32>) -> tensor<1xf32>
        %619 = stablehlo.reshape %618 : (tensor<1xf32>) -> tensor<f32>
        %620 = stablehlo.broadcast_in_dim %619, dims = [] : (tensor<f32>) -> tensor<6xf32>
        %621 = stablehlo.divide %620, %605 : tensor<6xf32>
        %622 = stablehlo.broadcast_in_dim %612, dims = [] : (tensor<f32>) -> tensor<6xf32>
        %623 = stablehlo.subtract %622, %621 : tensor<6xf32>
        %624 = stablehlo.subtract %623, %iterArg_61 : tensor<6xf32>
        %625 = stablehlo.compare LE, %624, %iterArg_62, FLOAT : (tensor<6xf32>, tensor<6xf32>) -> tensor<6xi1>
        %c_170 = stablehlo.constant dense<1> : tensor<i32>
        %626 = stablehlo.broadcast_in_dim %c_170, dims = [] : (tensor<i32>) -> tensor<6xi32>
        %627 = stablehlo.add %601, %626 : tensor<6xi32>
        %628 = func.call @_where(%625, %627, %601) : (tensor<6xi1>, tensor<6xi32>, tensor<6xi32>) -> tensor<6xi32>
        %629 = stablehlo.compare LE, %624, %iterArg_62, FLOAT : (tensor<6xf32>, tensor<6xf32>) -> tensor<6xi1>
        %630 = stablehlo.negate %iterArg_62 : tensor<6xf32>
        %631 = stablehlo.minimum %624, %630 : tensor<6xf32>
        %632 = func.call @_where_0(%629, %631, %624) : (tensor<6xi1>, tensor<6xf32>, tensor<6xf32>) -> tensor<6xf32>
        %c_171 = stablehlo.constant dense<15> : tensor<i32>
        %633 = stablehlo.add %iterArg_63, %c_171 : tensor<i32>
        %c_172 = stablehlo.constant dense<0> : tensor<i32>
        %634 = stablehlo.compare LT, %633, %c_172, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
        %635 = stablehlo.convert %633 : tensor<i32>
        %c_173 = stablehlo.constant dense<6> : tensor<i32>
        %636 = stablehlo.add %635, %c_173 : tensor<i32>
        %637 = stablehlo.select %634, %636, %633 : tensor<i1>, tensor<i32>
        %638 = stablehlo.dynamic_slice %iterArg_59, %637, sizes = [1] : (tensor<6xf32>, tensor<i32>) -> tensor<1xf32>
        %639 = stablehlo.reshape %638 : (tensor<1xf32>) -> tensor<f32>
        %c_174 = stablehlo.constant dense<1> : tensor<i32>
        %640 = stablehlo.subtract %633, %c_174 : tensor<i32>
        %c_175 = stablehlo.constant dense<0> : tensor<i32>
        %641 = stablehlo.compare LT, %640, %c_175, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
        %642 = stablehlo.convert %640 : tensor<i32>
        %c_176 = stablehlo.constant dense<5> : tensor<i32>
        %643 = stablehlo.add %642, %c_176 : tensor<i32>
        %644 = stablehlo.select %641, %643, %640 : tensor<i1>, tensor<i32>
        %645 = stablehlo.dynamic_slice %iterArg_60, %644, sizes = [1] : (tensor<5xf32>, tensor<i32>) -> tensor<1xf32>
        %646 = stablehlo.reshape %645 : (tensor<1xf32>) -> tensor<f32>
        %647 = stablehlo.broadcast_in_dim %646, dims = [] : (tensor<f32>) -> tensor<6xf32>
        %648 = stablehlo.divide %647, %632 : tensor<6xf32>
        %649 = stablehlo.broadcast_in_dim %639, dims = [] : (tensor<f32>) -> tensor<6xf32>
        %650 = stablehlo.subtract %649, %648 : tensor<6xf32>
        %651 = stablehlo.subtract %650, %iterArg_61 : tensor<6xf32>
        %652 = stablehlo.compare LE, %651, %iterArg_62, FLOAT : (tensor<6xf32>, tensor<6xf32>) -> tensor<6xi1>
        %c_177 = stablehlo.constant dense<1> : tensor<i32>
        %653 = stablehlo.broadcast_in_dim %c_177, dims = [] : (tensor<i32>) -> tensor<6xi32>
        %654 = stablehlo.add %628, %653 : tensor<6xi32>
        %655 = func.call @_where(%652, %654, %628) : (tensor<6xi1>, tensor<6xi32>, tensor<6xi32>) -> tensor<6xi32>
        %656 = stablehlo.compare LE, %651, %iterArg_62, FLOAT : (tensor<6xf32>, tensor<6xf32>) -> tensor<6xi1>
        %657 = stablehlo.negate %iterArg_62 : tensor<6xf32>
        %658 = stablehlo.minimum %651, %657 : tensor<6xf32>
        %659 = func.call @_where_0(%656, %658, %651) : (tensor<6xi1>, tensor<6xf32>, tensor<6xf32>) -> tensor<6xf32>
        %c_178 = stablehlo.constant dense<16> : tensor<i32>
        %660 = stablehlo.add %iterArg_63, %c_178 : tensor<i32>
        stablehlo.return %iterArg_59, %iterArg_60, %iterArg_61, %iterArg_62, %660, %659, %655 : tensor<6xf32>, tensor<5xf32>, tensor<6xf32>, tensor<6xf32>, tensor<i32>, tensor<6xf32>, tensor<6xi32>
      }
      %220 = stablehlo.compare LE, %219#6, %iterArg_43, SIGNED : (tensor<6xi32>, tensor<6xi32>) -> tensor<6xi1>
      %221 = func.call @_where_0(%220, %iterArg_46, %iterArg_45) : (tensor<6xi1>, tensor<6xf32>, tensor<6xf32>) -> tensor<6xf32>
      %222 = stablehlo.compare GT, %219#6, %iterArg_43, SIGNED : (tensor<6xi32>, tensor<6xi32>) -> tensor<6xi1>
      %223 = func.call @_where_0(%222, %iterArg_46, %iterArg_47) : (tensor<6xi1>, tensor<6xf32>, tensor<6xf32>) -> tensor<6xf32>
      %224 = stablehlo.add %221, %223 : tensor<6xf32>
      %cst_57 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
      %225 = stablehlo.broadcast_in_dim %cst_57, dims = [] : (tensor<f32>) -> tensor<6xf32>
      %226 = stablehlo.multiply %225, %224 : tensor<6xf32>
      %c_58 = stablehlo.constant dense<1> : tensor<i32>
      %227 = stablehlo.add %iterArg_44, %c_58 : tensor<i32>
      stablehlo.return %iterArg, %iterArg_39, %iterArg_40, %iterArg_41, %iterArg_42, %iterArg_43, %227, %221, %226, %223 : tensor<f32>, tensor<6xf32>, tensor<6xf32>, tensor<5xf32>, tensor<6xf32>, tensor<6xi32>, tensor<i32>, tensor<6xf32>, tensor<6xf32>, tensor<6xf32>
    }
    %c_15 = stablehlo.constant dense<0> : tensor<i32>
    %48 = call @_pad(%arg1, %c_15) : (tensor<5xf32>, tensor<i32>) -> tensor<6xf32>
    %c_16 = stablehlo.constant dense<0> : tensor<i32>
    %49 = call @_pad_1(%arg1, %c_16) : (tensor<5xf32>, tensor<i32>) -> tensor<6xf32>
    %50 = stablehlo.slice %47#8 [1:6] : (tensor<6xf32>) -> tensor<5xf32>
    %51 = stablehlo.slice %47#8 [0:5] : (tensor<6xf32>) -> tensor<5xf32>
    %52 = stablehlo.subtract %50, %51 : tensor<5xf32>
    %53 = stablehlo.slice %47#8 [0:1] : (tensor<6xf32>) -> tensor<1xf32>
    %54 = stablehlo.reshape %53 : (tensor<1xf32>) -> tensor<f32>
    %55 = stablehlo.abs %54 : tensor<f32>
    %56 = stablehlo.slice %47#8 [5:6] : (tensor<6xf32>) -> tensor<1xf32>
    %57 = stablehlo.reshape %56 : (tensor<1xf32>) -> tensor<f32>
    %58 = stablehlo.abs %57 : tensor<f32>
    %59 = stablehlo.maximum %55, %58 : tensor<f32>
    %cst_17 = stablehlo.constant dense<1.1920929E-7> : tensor<f32>
    %60 = stablehlo.sqrt %cst_17 : tensor<f32>
    %61 = stablehlo.multiply %60, %59 : tensor<f32>
    %62 = stablehlo.broadcast_in_dim %61, dims = [] : (tensor<f32>) -> tensor<5xf32>
    %63 = stablehlo.compare LT, %52, %62, FLOAT : (tensor<5xf32>, tensor<5xf32>) -> tensor<5xi1>
    %c_18 = stablehlo.constant dense<false> : tensor<i1>
    %64 = call @_pad_2(%63, %c_18) : (tensor<5xi1>, tensor<i1>) -> tensor<6xi1>
    %c_19 = stablehlo.constant dense<false> : tensor<i1>
    %65 = call @_pad_3(%63, %c_19) : (tensor<5xi1>, tensor<i1>) -> tensor<6xi1>
    %66 = stablehlo.not %64 : tensor<6xi1>
    %67 = stablehlo.and %66, %65 : tensor<6xi1>
    %68 = stablehlo.not %65 : tensor<6xi1>
    %69 = stablehlo.and %64, %68 : tensor<6xi1>
    %70 = call @cumsum(%67) : (tensor<6xi1>) -> tensor<6xi32>
    %c_20 = stablehlo.constant dense<0> : tensor<i32>
    %71 = stablehlo.broadcast_in_dim %c_20, dims = [] : (tensor<i32>) -> tensor<4xi32>
    %c_21 = stablehlo.constant dense<0> : tensor<i32>
    %72 = call @clip(%70, %c_21) : (tensor<6xi32>, tensor<i32>) -> tensor<6xi32>
    %c_22 = stablehlo.constant dense<0> : tensor<i32>
    %73 = stablehlo.broadcast_in_dim %c_22, dims = [] : (tensor<i32>) -> tensor<6xi32>
    %74 = stablehlo.compare LT, %72, %73, SIGNED : (tensor<6xi32>, tensor<6xi32>) -> tensor<6xi1>
    %c_23 = stablehlo.constant dense<4> : tensor<i32>
    %75 = stablehlo.broadcast_in_dim %c_23, dims = [] : (tensor<i32>) -> tensor<6xi32>
    %76 = stablehlo.add %72, %75 : tensor<6xi32>
    %77 = stablehlo.select %74, %76, %72 : tensor<6xi1>, tensor<6xi32>
    %78 = stablehlo.broadcast_in_dim %77, dims = [0] : (tensor<6xi32>) -> tensor<6x1xi32>
    %c_24 = stablehlo.constant dense<1> : tensor<i32>
    %79 = stablehlo.broadcast_in_dim %c_24, dims = [] : (tensor<i32>) -> tensor<6xi32>
    %80 = "stablehlo.scatter"(%71, %78, %79) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, unique_indices = false}> ({
    ^bb0(%arg2: tensor<i32>, %arg3: tensor<i32>):
      %120 = stablehlo.add %arg2, %arg3 : tensor<i32>
      stablehlo.return %120 : tensor<i32>
    }) : (tensor<4xi32>, tensor<6x1xi32>, tensor<6xi32>) -> tensor<4xi32>
    %81 = call @cumsum_5(%80) : (tensor<4xi32>) -> tensor<4xi32>
    %c_25 = stablehlo.constant dense<1> : tensor<i32>
    %82 = call @floor_divide(%81, %c_25) : (tensor<4xi32>, tensor<i32>) -> tensor<4xi32>
    %c_26 = stablehlo.constant dense<6> : tensor<i32>
    %83 = call @remainder(%82, %c_26) : (tensor<4xi32>, tensor<i32>) -> tensor<4xi32>
    %84 = call @cumsum(%69) : (tensor<6xi1>) -> tensor<6xi32>
    %c_27 = stablehlo.constant dense<0> : tensor<i32>
    %85 = stablehlo.broadcast_in_dim %c_27, dims = [] : (tensor<i32>) -> tensor<4xi32>
    %c_28 = stablehlo.constant dense<0> : tensor<i32>
    %86 = call @clip(%84, %c_28) : (tensor<6xi32>, tensor<i32>) -> tensor<6xi32>
    %c_29 = stablehlo.constant dense<0> : tensor<i32>
    %87 = stablehlo.broadcast_in_dim %c_29, dims = [] : (tensor<i32>) -> tensor<6xi32>
    %88 = stablehlo.compare LT, %86, %87, SIGNED : (tensor<6xi32>, tensor<6xi32>) -> tensor<6xi1>
    %c_30 = stablehlo.constant dense<4> : tensor<i32>
    %89 = stablehlo.broadcast_in_dim %c_30, dims = [] : (tensor<i32>) -> tensor<6xi32>
    %90 = stablehlo.add %86, %89 : tensor<6xi32>
    %91 = stablehlo.select %88, %90, %86 : tensor<6xi1>, tensor<6xi32>
    %92 = stablehlo.broadcast_in_dim %91, dims = [0] : (tensor<6xi32>) -> tensor<6x1xi32>
    %c_31 = stablehlo.constant dense<1> : tensor<i32>
    %93 = stablehlo.broadcast_in_dim %c_31, dims = [] : (tensor<i32>) -> tensor<6xi32>
    %94 = "stablehlo.scatter"(%85, %92, %93) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, unique_indices = false}> ({
    ^bb0(%arg2: tensor<i32>, %arg3: tensor<i32>):
      %120 = stablehlo.add %arg2, %arg3 : tensor<i32>
      stablehlo.return %120 : tensor<i32>
    }) : (tensor<4xi32>, tensor<6x1xi32>, tensor<6xi32>) -> tensor<4xi32>
    %95 = call @cumsum_5(%94) : (tensor<4xi32>) -> tensor<4xi32>
    %c_32 = stablehlo.constant dense<1> : tensor<i32>
    %96 = call @floor_divide(%95, %c_32) : (tensor<4xi32>, tensor<i32>) -> tensor<4xi32>
    %c_33 = stablehlo.constant dense<6> : tensor<i32>
    %97 = call @remainder(%96, %c_33) : (tensor<4xi32>, tensor<i32>) -> tensor<4xi32>
    %c_34 = stablehlo.constant dense<1> : tensor<i32>
    %98 = stablehlo.broadcast_in_dim %c_34, dims = [] : (tensor<i32>) -> tensor<4xi32>
    %99 = stablehlo.add %97, %98 : tensor<4xi32>
    %100 = stablehlo.convert %67 : (tensor<6xi1>) -> tensor<6xi32>
    %c_35 = stablehlo.constant dense<0> : tensor<i32>
    %101 = stablehlo.reduce(%100 init: %c_35) applies stablehlo.add across dimensions = [0] : (tensor<6xi32>, tensor<i32>) -> tensor<i32>
    %102 = stablehlo.iota dim = 0 : tensor<6xi32>
    %103 = call @_normal(%6) : (tensor<2xui32>) -> tensor<6x6xf32>
    %104 = call @norm(%103) : (tensor<6x6xf32>) -> tensor<6x1xf32>
    %105 = stablehlo.broadcast_in_dim %104, dims = [0, 1] : (tensor<6x1xf32>) -> tensor<6x6xf32>
    %106 = stablehlo.divide %103, %105 : tensor<6x6xf32>
    %107 = stablehlo.broadcast_in_dim %arg0, dims = [1] : (tensor<6xf32>) -> tensor<1x6xf32>
    %108 = stablehlo.broadcast_in_dim %47#8, dims = [0] : (tensor<6xf32>) -> tensor<6x1xf32>
    %109 = stablehlo.broadcast_in_dim %107, dims = [0, 1] : (tensor<1x6xf32>) -> tensor<6x6xf32>
    %110 = stablehlo.broadcast_in_dim %108, dims = [0, 1] : (tensor<6x1xf32>) -> tensor<6x6xf32>
    %111 = stablehlo.subtract %109, %110 : tensor<6x6xf32>
    %112 = stablehlo.broadcast_in_dim %48, dims = [1] : (tensor<6xf32>) -> tensor<1x6xf32>
    %113 = stablehlo.broadcast_in_dim %112, dims = [0, 1] : (tensor<1x6xf32>) -> tensor<6x6xf32>
    %114 = stablehlo.broadcast_in_dim %49, dims = [1] : (tensor<6xf32>) -> tensor<1x6xf32>
    %115 = stablehlo.broadcast_in_dim %114, dims = [0, 1] : (tensor<1x6xf32>) -> tensor<6x6xf32>
    %cst_36 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %116 = stablehlo.broadcast_in_dim %cst_36, dims = [] : (tensor<f32>) -> tensor<6xf32>
    %cst_37 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %117 = stablehlo.broadcast_in_dim %cst_37, dims = [] : (tensor<f32>) -> tensor<6xf32>
    %c_38 = stablehlo.constant dense<0> : tensor<i32>
    %118:11 = stablehlo.while(%iterArg = %113, %iterArg_39 = %111, %iterArg_40 = %115, %iterArg_41 = %83, %iterArg_42 = %99, %iterArg_43 = %102, %iterArg_44 = %101, %iterArg_45 = %c_38, %iterArg_46 = %106, %iterArg_47 = %116, %iterArg_48 = %117) : tensor<6x6xf32>, tensor<6x6xf32>, tensor<6x6xf32>, tensor<4xi32>, tensor<4xi32>, tensor<6xi32>, tensor<i32>, tensor<i32>, tensor<6x6xf32>, tensor<6xf32>, tensor<6xf32>
    cond {
      %c_49 = stablehlo.constant dense<5> : tensor<i32>
      %120 = stablehlo.compare LT, %iterArg_45, %c_49, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %cst_50 = stablehlo.constant dense<1.100000e+00> : tensor<f32>
      %121 = stablehlo.broadcast_in_dim %cst_50, dims = [] : (tensor<f32>) -> tensor<6xf32>
      %122 = stablehlo.multiply %121, %iterArg_48 : tensor<6xf32>
      %123 = stablehlo.compare GE, %iterArg_47, %122, FLOAT : (tensor<6xf32>, tensor<6xf32>) -> tensor<6xi1>
      %c_51 = stablehlo.constant dense<false> : tensor<i1>
      %124 = stablehlo.reduce(%123 init: %c_51) applies stablehlo.or across dimensions = [0] : (tensor<6xi1>, tensor<i1>) -> tensor<i1>
      %c_52 = stablehlo.constant dense<false> : tensor<i1>
      %125 = stablehlo.broadcast_in_dim %c_52, dims = [] : (tensor<i1>) -> tensor<i1>
      %126 = stablehlo.compare NE, %120, %125, UNSIGNED : (tensor<i1>, tensor<i1>) -> tensor<i1>
      %127 = stablehlo.convert %126 : tensor<i1>
      %128 = stablehlo.and %127, %124 : tensor<i1>
      stablehlo.return %128 : tensor<i1>
    } do {
      %120 = stablehlo.broadcast_in_dim %iterArg_46, dims = [0, 1] : (tensor<6x6xf32>) -> tensor<6x6x1xf32>
      %121 = stablehlo.custom_call @tridiagonal_solve_perturbed_ffi(%iterArg, %iterArg_39, %iterArg_40, %120) {backend_config = "", mhlo.backend_config = {}, mhlo.frontend_attributes = {num_batch_dims = "1"}, operand_layouts = [dense<[1, 0]> : tensor<2xindex>, dense<[1, 0]> : tensor<2xindex>, dense<[1, 0]> : tensor<2xindex>, dense<[1, 2, 0]> : tensor<3xindex>], result_layouts = [dense<[1, 2, 0]> : tensor<3xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, k], [i, l], [i, m, n])->([i, o, p]) {i=6, j=6, k=6, l=6, m=6, n=1, o=6, p=1}, custom>} : (tensor<6x6xf32>, tensor<6x6xf32>, tensor<6x6xf32>, tensor<6x6x1xf32>) -> tensor<6x6x1xf32>
      %122 = stablehlo.reshape %121 : (tensor<6x6x1xf32>) -> tensor<6x6xf32>
      %123 = func.call @norm_9(%122) : (tensor<6x6xf32>) -> tensor<6x1xf32>
      %124 = stablehlo.broadcast_in_dim %123, dims = [0, 1] : (tensor<6x1xf32>) -> tensor<6x6xf32>
      %125 = stablehlo.divide %122, %124 : tensor<6x6xf32>
      %126 = stablehlo.reshape %123 : (tensor<6x1xf32>) -> tensor<6xf32>
      %c_49 = stablehlo.constant dense<0> : tensor<i32>
      %127:6 = stablehlo.while(%iterArg_51 = %iterArg_41, %iterArg_52 = %iterArg_42, %iterArg_53 = %iterArg_43, %iterArg_54 = %c_49, %iterArg_55 = %iterArg_44, %iterArg_56 = %125) : tensor<4xi32>, tensor<4xi32>, tensor<6xi32>, tensor<i32>, tensor<i32>, tensor<6x6xf32>
      cond {
        %129 = stablehlo.compare LT, %iterArg_54, %iterArg_55, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
        stablehlo.return %129 : tensor<i1>
      } do {
        %c_57 = stablehlo.constant dense<1> : tensor<i32>
        %129 = stablehlo.add %iterArg_54, %c_57 : tensor<i32>
        %c_58 = stablehlo.constant dense<0> : tensor<i32>
        %130 = stablehlo.compare LT, %iterArg_54, %c_58, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
        %131 = stablehlo.convert %iterArg_54 : tensor<i32>
        %c_59 = stablehlo.constant dense<4> : tensor<i32>
        %132 = stablehlo.add %131, %c_59 : tensor<i32>
        %133 = stablehlo.select %130, %132, %iterArg_54 : tensor<i1>, tensor<i32>
        %134 = stablehlo.dynamic_slice %iterArg_51, %133, sizes = [1] : (tensor<4xi32>, tensor<i32>) -> tensor<1xi32>
        %135 = stablehlo.reshape %134 : (tensor<1xi32>) -> tensor<i32>
        %c_60 = stablehlo.constant dense<0> : tensor<i32>
        %136 = stablehlo.compare LT, %iterArg_54, %c_60, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
        %137 = stablehlo.convert %iterArg_54 : tensor<i32>
        %c_61 = stablehlo.constant dense<4> : tensor<i32>
        %138 = stablehlo.add %137, %c_61 : tensor<i32>
        %139 = stablehlo.select %136, %138, %iterArg_54 : tensor<i1>, tensor<i32>
        %140 = stablehlo.dynamic_slice %iterArg_52, %139, sizes = [1] : (tensor<4xi32>, tensor<i32>) -> tensor<1xi32>
        %141 = stablehlo.reshape %140 : (tensor<1xi32>) -> tensor<i32>
        %142 = stablehlo.subtract %141, %135 : tensor<i32>
        %c_62 = stablehlo.constant dense<0> : tensor<i32>
        %143 = func.call @_pad_10(%iterArg_56, %c_62) : (tensor<6x6xf32>, tensor<i32>) -> tensor<12x6xf32>
        %c_63 = stablehlo.constant dense<0> : tensor<i32>
        %144 = stablehlo.compare LT, %135, %c_63, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
        %c_64 = stablehlo.constant dense<12> : tensor<i32>
        %145 = stablehlo.add %135, %c_64 : tensor<i32>
        %146 = stablehlo.select %144, %145, %135 : tensor<i1>, tensor<i32>
        %c_65 = stablehlo.constant dense<0> : tensor<i32>
        %147 = stablehlo.dynamic_slice %143, %146, %c_65, sizes = [6, 6] : (tensor<12x6xf32>, tensor<i32>, tensor<i32>) -> tensor<6x6xf32>
        %148 = stablehlo.broadcast_in_dim %142, dims = [] : (tensor<i32>) -> tensor<6xi32>
        %149 = stablehlo.compare LT, %iterArg_53, %148, SIGNED : (tensor<6xi32>, tensor<6xi32>) -> tensor<6xi1>
        %150 = stablehlo.convert %149 : (tensor<6xi1>) -> tensor<6xf32>
        %151 = stablehlo.broadcast_in_dim %150, dims = [0] : (tensor<6xf32>) -> tensor<6x1xf32>
        %152 = stablehlo.broadcast_in_dim %151, dims = [0, 1] : (tensor<6x1xf32>) -> tensor<6x6xf32>
        %153 = stablehlo.multiply %147, %152 : tensor<6x6xf32>
        %154 = stablehlo.transpose %153, dims = [1, 0] : (tensor<6x6xf32>) -> tensor<6x6xf32>
        %155:2 = func.call @qr(%154) : (tensor<6x6xf32>) -> (tensor<6x6xf32>, tensor<6x6xf32>)
        %156 = stablehlo.transpose %155#0, dims = [1, 0] : (tensor<6x6xf32>) -> tensor<6x6xf32>
        %157 = stablehlo.broadcast_in_dim %150, dims = [0] : (tensor<6xf32>) -> tensor<6x1xf32>
        %158 = stablehlo.broadcast_in_dim %157, dims = [0, 1] : (tensor<6x1xf32>) -> tensor<6x6xf32>
        %159 = stablehlo.multiply %156, %158 : tensor<6x6xf32>
        %cst_66 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
        %160 = stablehlo.broadcast_in_dim %cst_66, dims = [] : (tensor<f32>) -> tensor<12x6xf32>
        %c_67 = stablehlo.constant dense<0> : tensor<i32>
        %161 = stablehlo.compare LT, %135, %c_67, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
        %c_68 = stablehlo.constant dense<12> : tensor<i32>
        %162 = stablehlo.add %135, %c_68 : tensor<i32>
        %163 = stablehlo.select %161, %162, %135 : tensor<i1>, tensor<i32>
        %c_69 = stablehlo.constant dense<0> : tensor<i32>
        %164 = stablehlo.dynamic_update_slice %160, %159, %163, %c_69 : (tensor<12x6xf32>, tensor<6x6xf32>, tensor<i32>, tensor<i32>) -> tensor<12x6xf32>
        %165 = stablehlo.slice %164 [0:6, 0:6] : (tensor<12x6xf32>) -> tensor<6x6xf32>
        %166 = stablehlo.broadcast_in_dim %135, dims = [] : (tensor<i32>) -> tensor<6xi32>
        %167 = stablehlo.compare GE, %iterArg_53, %166, SIGNED : (tensor<6xi32>, tensor<6xi32>) -> tensor<6xi1>
        %168 = stablehlo.broadcast_in_dim %141, dims = [] : (tensor<i32>) -> tensor<6xi32>
        %169 = stablehlo.compare LT, %iterArg_53, %168, SIGNED : (tensor<6xi32>, tensor<6xi32>) -> tensor<6xi1>
        %170 = stablehlo.and %167, %169 : tensor<6xi1>
        %171 = stablehlo.broadcast_in_dim %170, dims = [0] : (tensor<6xi1>) -> tensor<6x1xi1>
        %172 = func.call @_where_11(%171, %165, %iterArg_56) : (tensor<6x1xi1>, tensor<6x6xf32>, tensor<6x6xf32>) -> tensor<6x6xf32>
        stablehlo.return %iterArg_51, %iterArg_52, %iterArg_53, %129, %iterArg_55, %172 : tensor<4xi32>, tensor<4xi32>, tensor<6xi32>, tensor<i32>, tensor<i32>, tensor<6x6xf32>
      }
      %c_50 = stablehlo.constant dense<1> : tensor<i32>
      %128 = stablehlo.add %iterArg_45, %c_50 : tensor<i32>
      stablehlo.return %iterArg, %iterArg_39, %iterArg_40, %iterArg_41, %iterArg_42, %iterArg_43, %iterArg_44, %128, %127#5, %126, %iterArg_47 : tensor<6x6xf32>, tensor<6x6xf32>, tensor<6x6xf32>, tensor<4xi32>, tensor<4xi32>, tensor<6xi32>, tensor<i32>, tensor<i32>, tensor<6x6xf32>, tensor<6xf32>, tensor<6xf32>
    }
    %119 = stablehlo.transpose %118#8, dims = [1, 0] : (tensor<6x6xf32>) -> tensor<6x6xf32>
    return %47#8, %119 : tensor<6xf32>, tensor<6x6xf32>
  }
  func.func private @_where(%arg0: tensor<6xi1>, %arg1: tensor<6xi32>, %arg2: tensor<6xi32>) -> tensor<6xi32> {
    %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<6xi1>, tensor<6xi32>
    return %0 : tensor<6xi32>
  }
  func.func private @_where_0(%arg0: tensor<6xi1>, %arg1: tensor<6xf32>, %arg2: tensor<6xf32>) -> tensor<6xf32> {
    %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<6xi1>, tensor<6xf32>
    return %0 : tensor<6xf32>
  }
  func.func private @_pad(%arg0: tensor<5xf32>, %arg1: tensor<i32>) -> tensor<6xf32> {
    %0 = stablehlo.convert %arg1 : (tensor<i32>) -> tensor<f32>
    %1 = stablehlo.pad %arg0, %0, low = [1], high = [0], interior = [0] : (tensor<5xf32>, tensor<f32>) -> tensor<6xf32>
    return %1 : tensor<6xf32>
  }
  func.func private @_pad_1(%arg0: tensor<5xf32>, %arg1: tensor<i32>) -> tensor<6xf32> {
    %0 = stablehlo.convert %arg1 : (tensor<i32>) -> tensor<f32>
    %1 = stablehlo.pad %arg0, %0, low = [0], high = [1], interior = [0] : (tensor<5xf32>, tensor<f32>) -> tensor<6xf32>
    return %1 : tensor<6xf32>
  }
  func.func private @_pad_2(%arg0: tensor<5xi1>, %arg1: tensor<i1>) -> tensor<6xi1> {
    %0 = stablehlo.pad %arg0, %arg1, low = [1], high = [0], interior = [0] : (tensor<5xi1>, tensor<i1>) -> tensor<6xi1>
    return %0 : tensor<6xi1>
  }
  func.func private @_pad_3(%arg0: tensor<5xi1>, %arg1: tensor<i1>) -> tensor<6xi1> {
    %0 = stablehlo.pad %arg0, %arg1, low = [0], high = [1], interior = [0] : (tensor<5xi1>, tensor<i1>) -> tensor<6xi1>
    return %0 : tensor<6xi1>
  }
  func.func private @cumsum(%arg0: tensor<6xi1>) -> tensor<6xi32> {
    %0 = stablehlo.convert %arg0 : (tensor<6xi1>) -> tensor<6xi32>
    %1 = call @cumsum_4(%0) : (tensor<6xi32>) -> tensor<6xi32>
    return %1 : tensor<6xi32>
  }
  func.func private @cumsum_4(%arg0: tensor<6xi32>) -> tensor<6xi32> {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<i32>
    %1 = "stablehlo.reduce_window"(%arg0, %0) <{base_dilations = array<i64: 1>, padding = dense<[[5, 0]]> : tensor<1x2xi64>, window_dilations = array<i64: 1>, window_dimensions = array<i64: 6>, window_strides = array<i64: 1>}> ({
    ^bb0(%arg1: tensor<i32>, %arg2: tensor<i32>):
      %2 = stablehlo.add %arg1, %arg2 : tensor<i32>
      stablehlo.return %2 : tensor<i32>
    }) : (tensor<6xi32>, tensor<i32>) -> tensor<6xi32>
    return %1 : tensor<6xi32>
  }
  func.func private @clip(%arg0: tensor<6xi32>, %arg1: tensor<i32>) -> tensor<6xi32> {
    %0 = stablehlo.convert %arg1 : tensor<i32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<i32>) -> tensor<6xi32>
    %2 = stablehlo.maximum %1, %arg0 : tensor<6xi32>
    return %2 : tensor<6xi32>
  }
  func.func private @cumsum_5(%arg0: tensor<4xi32>) -> tensor<4xi32> {
    %0 = call @cumsum_6(%arg0) : (tensor<4xi32>) -> tensor<4xi32>
    return %0 : tensor<4xi32>
  }
  func.func private @cumsum_6(%arg0: tensor<4xi32>) -> tensor<4xi32> {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<i32>
    %1 = "stablehlo.reduce_window"(%arg0, %0) <{base_dilations = array<i64: 1>, padding = dense<[[3, 0]]> : tensor<1x2xi64>, window_dilations = array<i64: 1>, window_dimensions = array<i64: 4>, window_strides = array<i64: 1>}> ({
    ^bb0(%arg1: tensor<i32>, %arg2: tensor<i32>):
      %2 = stablehlo.add %arg1, %arg2 : tensor<i32>
      stablehlo.return %2 : tensor<i32>
    }) : (tensor<4xi32>, tensor<i32>) -> tensor<4xi32>
    return %1 : tensor<4xi32>
  }
  func.func private @floor_divide(%arg0: tensor<4xi32>, %arg1: tensor<i32>) -> tensor<4xi32> {
    %0 = stablehlo.broadcast_in_dim %arg1, dims = [] : (tensor<i32>) -> tensor<4xi32>
    %1 = stablehlo.divide %arg0, %0 : tensor<4xi32>
    %2 = stablehlo.sign %arg0 : tensor<4xi32>
    %3 = stablehlo.sign %arg1 : tensor<i32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [] : (tensor<i32>) -> tensor<4xi32>
    %5 = stablehlo.compare NE, %2, %4, SIGNED : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
    %6 = stablehlo.broadcast_in_dim %arg1, dims = [] : (tensor<i32>) -> tensor<4xi32>
    %7 = stablehlo.remainder %arg0, %6 : tensor<4xi32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %8 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<4xi32>
    %9 = stablehlo.compare NE, %7, %8, SIGNED : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
    %10 = stablehlo.and %5, %9 : tensor<4xi1>
    %c_0 = stablehlo.constant dense<1> : tensor<i32>
    %11 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<4xi32>
    %12 = stablehlo.subtract %1, %11 : tensor<4xi32>
    %13 = call @_where_7(%10, %12, %1) : (tensor<4xi1>, tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
    return %13 : tensor<4xi32>
  }
  func.func private @_where_7(%arg0: tensor<4xi1>, %arg1: tensor<4xi32>, %arg2: tensor<4xi32>) -> tensor<4xi32> {
    %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<4xi1>, tensor<4xi32>
    return %0 : tensor<4xi32>
  }
  func.func private @remainder(%arg0: tensor<4xi32>, %arg1: tensor<i32>) -> tensor<4xi32> {
    %0 = stablehlo.convert %arg1 : tensor<i32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.compare EQ, %0, %c, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %c_0 = stablehlo.constant dense<1> : tensor<i32>
    %2 = call @_where_8(%1, %c_0, %0) : (tensor<i1>, tensor<i32>, tensor<i32>) -> tensor<i32>
    %3 = stablehlo.broadcast_in_dim %2, dims = [] : (tensor<i32>) -> tensor<4xi32>
    %4 = stablehlo.remainder %arg0, %3 : tensor<4xi32>
    %c_1 = stablehlo.constant dense<0> : tensor<i32>
    %5 = stablehlo.broadcast_in_dim %c_1, dims = [] : (tensor<i32>) -> tensor<4xi32>
    %6 = stablehlo.compare NE, %4, %5, SIGNED : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %7 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<i32>) -> tensor<4xi32>
    %8 = stablehlo.compare LT, %4, %7, SIGNED : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
    %c_3 = stablehlo.constant dense<0> : tensor<i32>
    %9 = stablehlo.compare LT, %2, %c_3, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %10 = stablehlo.broadcast_in_dim %9, dims = [] : (tensor<i1>) -> tensor<4xi1>
    %11 = stablehlo.compare NE, %8, %10, UNSIGNED : (tensor<4xi1>, tensor<4xi1>) -> tensor<4xi1>
    %12 = stablehlo.and %11, %6 : tensor<4xi1>
    %13 = stablehlo.broadcast_in_dim %2, dims = [] : (tensor<i32>) -> tensor<4xi32>
    %14 = stablehlo.add %4, %13 : tensor<4xi32>
    %15 = stablehlo.select %12, %14, %4 : tensor<4xi1>, tensor<4xi32>
    return %15 : tensor<4xi32>
  }
  func.func private @_where_8(%arg0: tensor<i1>, %arg1: tensor<i32>, %arg2: tensor<i32>) -> tensor<i32> {
    %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<i1>, tensor<i32>
    return %0 : tensor<i32>
  }
  func.func private @_normal(%arg0: tensor<2xui32>) -> tensor<6x6xf32> {
    %0 = call @_normal_real(%arg0) : (tensor<2xui32>) -> tensor<6x6xf32>
    return %0 : tensor<6x6xf32>
  }
  func.func private @_normal_real(%arg0: tensor<2xui32>) -> tensor<6x6xf32> {
    %cst = stablehlo.constant dense<-0.99999994> : tensor<f32>
    %cst_0 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %0 = call @_uniform(%arg0, %cst, %cst_0) : (tensor<2xui32>, tensor<f32>, tensor<f32>) -> tensor<6x6xf32>
    %1 = chlo.erf_inv %0 : tensor<6x6xf32> -> tensor<6x6xf32>
    %cst_1 = stablehlo.constant dense<1.41421354> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<6x6xf32>
    %3 = stablehlo.multiply %2, %1 : tensor<6x6xf32>
    return %3 : tensor<6x6xf32>
  }
  func.func private @_uniform(%arg0: tensor<2xui32>, %arg1: tensor<f32>, %arg2: tensor<f32>) -> tensor<6x6xf32> {
    %0 = stablehlo.broadcast_in_dim %arg1, dims = [] : (tensor<f32>) -> tensor<1x1xf32>
    %1 = stablehlo.broadcast_in_dim %arg2, dims = [] : (tensor<f32>) -> tensor<1x1xf32>
    %2 = stablehlo.slice %arg0 [0:1] : (tensor<2xui32>) -> tensor<1xui32>
    %3 = stablehlo.reshape %2 : (tensor<1xui32>) -> tensor<ui32>
    %4 = stablehlo.slice %arg0 [1:2] : (tensor<2xui32>) -> tensor<1xui32>
    %5 = stablehlo.reshape %4 : (tensor<1xui32>) -> tensor<ui32>
    %6 = stablehlo.iota dim = 0 : tensor<6x6xui64>
    %7 = stablehlo.iota dim = 1 : tensor<6x6xui64>
    %c = stablehlo.constant dense<6> : tensor<ui64>
    %8 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<ui64>) -> tensor<6x6xui64>
    %9 = stablehlo.multiply %8, %6 : tensor<6x6xui64>
    %c_0 = stablehlo.constant dense<1> : tensor<ui64>
    %10 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<ui64>) -> tensor<6x6xui64>
    %11 = stablehlo.multiply %10, %7 : tensor<6x6xui64>
    %12 = stablehlo.add %9, %11 : tensor<6x6xui64>
    %c_1 = stablehlo.constant dense<32> : tensor<ui64>
    %13 = stablehlo.broadcast_in_dim %c_1, dims = [] : (tensor<ui64>) -> tensor<6x6xui64>
    %14 = stablehlo.shift_right_logical %12, %13 : tensor<6x6xui64>
    %15 = stablehlo.convert %12 : (tensor<6x6xui64>) -> tensor<6x6xui32>
    %16 = stablehlo.convert %14 : (tensor<6x6xui64>) -> tensor<6x6xui32>
    %17:2 = call @threefry2x32(%3, %5, %16, %15) : (tensor<ui32>, tensor<ui32>, tensor<6x6xui32>, tensor<6x6xui32>) -> (tensor<6x6xui32>, tensor<6x6xui32>)
    %18 = stablehlo.xor %17#0, %17#1 : tensor<6x6xui32>
    %c_2 = stablehlo.constant dense<9> : tensor<ui32>
    %19 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<ui32>) -> tensor<6x6xui32>
    %20 = stablehlo.shift_right_logical %18, %19 : tensor<6x6xui32>
    %c_3 = stablehlo.constant dense<1065353216> : tensor<ui32>
    %21 = stablehlo.broadcast_in_dim %c_3, dims = [] : (tensor<ui32>) -> tensor<6x6xui32>
    %22 = stablehlo.or %20, %21 : tensor<6x6xui32>
    %23 = stablehlo.bitcast_convert %22 : (tensor<6x6xui32>) -> tensor<6x6xf32>
    %cst = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %24 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<6x6xf32>
    %25 = stablehlo.subtract %23, %24 : tensor<6x6xf32>
    %26 = stablehlo.subtract %1, %0 : tensor<1x1xf32>
    %27 = stablehlo.broadcast_in_dim %26, dims = [0, 1] : (tensor<1x1xf32>) -> tensor<6x6xf32>
    %28 = stablehlo.multiply %25, %27 : tensor<6x6xf32>
    %29 = stablehlo.broadcast_in_dim %0, dims = [0, 1] : (tensor<1x1xf32>) -> tensor<6x6xf32>
    %30 = stablehlo.add %28, %29 : tensor<6x6xf32>
    %31 = stablehlo.broadcast_in_dim %0, dims = [0, 1] : (tensor<1x1xf32>) -> tensor<6x6xf32>
    %32 = stablehlo.maximum %31, %30 : tensor<6x6xf32>
    return %32 : tensor<6x6xf32>
  }
  func.func private @threefry2x32(%arg0: tensor<ui32>, %arg1: tensor<ui32>, %arg2: tensor<6x6xui32>, %arg3: tensor<6x6xui32>) -> (tensor<6x6xui32>, tensor<6x6xui32>) {
    %c = stablehlo.constant dense<[13, 15, 26, 6]> : tensor<4xui32>
    %c_0 = stablehlo.constant dense<[17, 29, 16, 24]> : tensor<4xui32>
    %0 = stablehlo.xor %arg0, %arg1 : tensor<ui32>
    %c_1 = stablehlo.constant dense<466688986> : tensor<ui32>
    %1 = stablehlo.xor %0, %c_1 : tensor<ui32>
    %2 = stablehlo.broadcast_in_dim %arg0, dims = [] : (tensor<ui32>) -> tensor<6x6xui32>
    %3 = stablehlo.add %arg2, %2 : tensor<6x6xui32>
    %4 = stablehlo.broadcast_in_dim %arg1, dims = [] : (tensor<ui32>) -> tensor<6x6xui32>
    %5 = stablehlo.add %arg3, %4 : tensor<6x6xui32>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %c_3 = stablehlo.constant dense<0> : tensor<i32>
    %6:9 = stablehlo.while(%iterArg = %c_3, %iterArg_4 = %c_2, %iterArg_5 = %3, %iterArg_6 = %5, %iterArg_7 = %arg1, %iterArg_8 = %1, %iterArg_9 = %arg0, %iterArg_10 = %c, %iterArg_11 = %c_0) : tensor<i32>, tensor<i32>, tensor<6x6xui32>, tensor<6x6xui32>, tensor<ui32>, tensor<ui32>, tensor<ui32>, tensor<4xui32>, tensor<4xui32>
    cond {
      %c_12 = stablehlo.constant dense<5> : tensor<i32>
      %7 = stablehlo.compare LT, %iterArg, %c_12, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %7 : tensor<i1>
    } do {
      %7:8 = func.call @closed_call(%iterArg_4, %iterArg_5, %iterArg_6, %iterArg_7, %iterArg_8, %iterArg_9, %iterArg_10, %iterArg_11) : (tensor<i32>, tensor<6x6xui32>, tensor<6x6xui32>, tensor<ui32>, tensor<ui32>, tensor<ui32>, tensor<4xui32>, tensor<4xui32>) -> (tensor<i32>, tensor<6x6xui32>, tensor<6x6xui32>, tensor<ui32>, tensor<ui32>, tensor<ui32>, tensor<4xui32>, tensor<4xui32>)
      %c_12 = stablehlo.constant dense<1> : tensor<i32>
      %8 = stablehlo.add %iterArg, %c_12 : tensor<i32>
      stablehlo.return %8, %7#0, %7#1, %7#2, %7#3, %7#4, %7#5, %7#6, %7#7 : tensor<i32>, tensor<i32>, tensor<6x6xui32>, tensor<6x6xui32>, tensor<ui32>, tensor<ui32>, tensor<ui32>, tensor<4xui32>, tensor<4xui32>
    }
    return %6#2, %6#3 : tensor<6x6xui32>, tensor<6x6xui32>
  }
  func.func private @closed_call(%arg0: tensor<i32>, %arg1: tensor<6x6xui32>, %arg2: tensor<6x6xui32>, %arg3: tensor<ui32>, %arg4: tensor<ui32>, %arg5: tensor<ui32>, %arg6: tensor<4xui32>, %arg7: tensor<4xui32>) -> (tensor<i32>, tensor<6x6xui32>, tensor<6x6xui32>, tensor<ui32>, tensor<ui32>, tensor<ui32>, tensor<4xui32>, tensor<4xui32>) {
    %c = stablehlo.constant dense<1> : tensor<i32>
    %0 = stablehlo.add %arg0, %c : tensor<i32>
    %1 = stablehlo.slice %arg6 [0:1] : (tensor<4xui32>) -> tensor<1xui32>
    %2 = stablehlo.reshape %1 : (tensor<1xui32>) -> tensor<ui32>
    %3 = stablehlo.add %arg1, %arg2 : tensor<6x6xui32>
    %4 = stablehlo.broadcast_in_dim %2, dims = [] : (tensor<ui32>) -> tensor<6x6xui32>
    %5 = stablehlo.shift_left %arg2, %4 : tensor<6x6xui32>
    %c_0 = stablehlo.constant dense<32> : tensor<ui32>
    %6 = stablehlo.subtract %c_0, %2 : tensor<ui32>
    %7 = stablehlo.broadcast_in_dim %6, dims = [] : (tensor<ui32>) -> tensor<6x6xui32>
    %8 = stablehlo.shift_right_logical %arg2, %7 : tensor<6x6xui32>
    %9 = stablehlo.or %5, %8 : tensor<6x6xui32>
    %10 = stablehlo.xor %3, %9 : tensor<6x6xui32>
    %11 = stablehlo.slice %arg6 [1:2] : (tensor<4xui32>) -> tensor<1xui32>
    %12 = stablehlo.reshape %11 : (tensor<1xui32>) -> tensor<ui32>
    %13 = stablehlo.add %3, %10 : tensor<6x6xui32>
    %14 = stablehlo.broadcast_in_dim %12, dims = [] : (tensor<ui32>) -> tensor<6x6xui32>
    %15 = stablehlo.shift_left %10, %14 : tensor<6x6xui32>
    %c_1 = stablehlo.constant dense<32> : tensor<ui32>
    %16 = stablehlo.subtract %c_1, %12 : tensor<ui32>
    %17 = stablehlo.broadcast_in_dim %16, dims = [] : (tensor<ui32>) -> tensor<6x6xui32>
    %18 = stablehlo.shift_right_logical %10, %17 : tensor<6x6xui32>
    %19 = stablehlo.or %15, %18 : tensor<6x6xui32>
    %20 = stablehlo.xor %13, %19 : tensor<6x6xui32>
    %21 = stablehlo.slice %arg6 [2:3] : (tensor<4xui32>) -> tensor<1xui32>
    %22 = stablehlo.reshape %21 : (tensor<1xui32>) -> tensor<ui32>
    %23 = stablehlo.add %13, %20 : tensor<6x6xui32>
    %24 = stablehlo.broadcast_in_dim %22, dims = [] : (tensor<ui32>) -> tensor<6x6xui32>
    %25 = stablehlo.shift_left %20, %24 : tensor<6x6xui32>
    %c_2 = stablehlo.constant dense<32> : tensor<ui32>
    %26 = stablehlo.subtract %c_2, %22 : tensor<ui32>
    %27 = stablehlo.broadcast_in_dim %26, dims = [] : (tensor<ui32>) -> tensor<6x6xui32>
    %28 = stablehlo.shift_right_logical %20, %27 : tensor<6x6xui32>
    %29 = stablehlo.or %25, %28 : tensor<6x6xui32>
    %30 = stablehlo.xor %23, %29 : tensor<6x6xui32>
    %31 = stablehlo.slice %arg6 [3:4] : (tensor<4xui32>) -> tensor<1xui32>
    %32 = stablehlo.reshape %31 : (tensor<1xui32>) -> tensor<ui32>
    %33 = stablehlo.add %23, %30 : tensor<6x6xui32>
    %34 = stablehlo.broadcast_in_dim %32, dims = [] : (tensor<ui32>) -> tensor<6x6xui32>
    %35 = stablehlo.shift_left %30, %34 : tensor<6x6xui32>
    %c_3 = stablehlo.constant dense<32> : tensor<ui32>
    %36 = stablehlo.subtract %c_3, %32 : tensor<ui32>
    %37 = stablehlo.broadcast_in_dim %36, dims = [] : (tensor<ui32>) -> tensor<6x6xui32>
    %38 = stablehlo.shift_right_logical %30, %37 : tensor<6x6xui32>
    %39 = stablehlo.or %35, %38 : tensor<6x6xui32>
    %40 = stablehlo.xor %33, %39 : tensor<6x6xui32>
    %41 = stablehlo.broadcast_in_dim %arg3, dims = [] : (tensor<ui32>) -> tensor<6x6xui32>
    %42 = stablehlo.add %33, %41 : tensor<6x6xui32>
    %43 = stablehlo.broadcast_in_dim %arg4, dims = [] : (tensor<ui32>) -> tensor<6x6xui32>
    %44 = stablehlo.add %40, %43 : tensor<6x6xui32>
    %c_4 = stablehlo.constant dense<1> : tensor<i32>
    %45 = stablehlo.add %arg0, %c_4 : tensor<i32>
    %46 = stablehlo.convert %45 : (tensor<i32>) -> tensor<ui32>
    %47 = stablehlo.broadcast_in_dim %46, dims = [] : (tensor<ui32>) -> tensor<6x6xui32>
    %48 = stablehlo.add %44, %47 : tensor<6x6xui32>
    return %0, %42, %48, %arg4, %arg5, %arg3, %arg7, %arg6 : tensor<i32>, tensor<6x6xui32>, tensor<6x6xui32>, tensor<ui32>, tensor<ui32>, tensor<ui32>, tensor<4xui32>, tensor<4xui32>
  }
  func.func private @norm(%arg0: tensor<6x6xf32>) -> tensor<6x1xf32> {
    %0 = stablehlo.multiply %arg0, %arg0 : tensor<6x6xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1 = stablehlo.reduce(%0 init: %cst) applies stablehlo.add across dimensions = [1] : (tensor<6x6xf32>, tensor<f32>) -> tensor<6xf32>
    %2 = stablehlo.broadcast_in_dim %1, dims = [0] : (tensor<6xf32>) -> tensor<6x1xf32>
    %3 = stablehlo.sqrt %2 : tensor<6x1xf32>
    return %3 : tensor<6x1xf32>
  }
  func.func private @norm_9(%arg0: tensor<6x6xf32>) -> tensor<6x1xf32> {
    %0 = stablehlo.multiply %arg0, %arg0 : tensor<6x6xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1 = stablehlo.reduce(%0 init: %cst) applies stablehlo.add across dimensions = [1] : (tensor<6x6xf32>, tensor<f32>) -> tensor<6xf32>
    %2 = stablehlo.broadcast_in_dim %1, dims = [0] : (tensor<6xf32>) -> tensor<6x1xf32>
    %3 = stablehlo.sqrt %2 : tensor<6x1xf32>
    return %3 : tensor<6x1xf32>
  }
  func.func private @_pad_10(%arg0: tensor<6x6xf32>, %arg1: tensor<i32>) -> tensor<12x6xf32> {
    %0 = stablehlo.convert %arg1 : (tensor<i32>) -> tensor<f32>
    %1 = stablehlo.pad %arg0, %0, low = [0, 0], high = [6, 0], interior = [0, 0] : (tensor<6x6xf32>, tensor<f32>) -> tensor<12x6xf32>
    return %1 : tensor<12x6xf32>
  }
  func.func private @qr(%arg0: tensor<6x6xf32>) -> (tensor<6x6xf32>, tensor<6x6xf32>) {
    %0:2 = stablehlo.custom_call @lapack_sgeqrf_ffi(%arg0) {backend_config = "", mhlo.backend_config = {}, mhlo.frontend_attributes = {num_batch_dims = "0"}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 0, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<0> : tensor<1xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([k, l], [m]) {i=6, j=6, k=6, l=6, m=6}, custom>} : (tensor<6x6xf32>) -> (tensor<6x6xf32>, tensor<6xf32>)
    %1 = stablehlo.custom_call @lapack_sorgqr_ffi(%0#0, %0#1) {backend_config = "", mhlo.backend_config = {}, mhlo.frontend_attributes = {num_batch_dims = "0"}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<0> : tensor<1xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 0, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [k])->([l, m]) {i=6, j=6, k=6, l=6, m=6}, custom>} : (tensor<6x6xf32>, tensor<6xf32>) -> tensor<6x6xf32>
    %2 = stablehlo.iota dim = 0 : tensor<6x6xi32>
    %c = stablehlo.constant dense<-1> : tensor<i32>
    %3 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<6x6xi32>
    %4 = stablehlo.add %2, %3 : tensor<6x6xi32>
    %5 = stablehlo.iota dim = 1 : tensor<6x6xi32>
    %6 = stablehlo.compare GE, %4, %5, SIGNED : (tensor<6x6xi32>, tensor<6x6xi32>) -> tensor<6x6xi1>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %7 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<6x6xf32>
    %8 = stablehlo.select %6, %7, %0#0 : tensor<6x6xi1>, tensor<6x6xf32>
    return %1, %8 : tensor<6x6xf32>, tensor<6x6xf32>
  }
  func.func private @_where_11(%arg0: tensor<6x1xi1>, %arg1: tensor<6x6xf32>, %arg2: tensor<6x6xf32>) -> tensor<6x6xf32> {
    %0 = stablehlo.broadcast_in_dim %arg0, dims = [0, 1] : (tensor<6x1xi1>) -> tensor<6x6xi1>
    %1 = stablehlo.select %0, %arg1, %arg2 : tensor<6x6xi1>, tensor<6x6xf32>
    return %1 : tensor<6x6xf32>
  }
}
