module @jit__lambda attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<6xf64>, %arg1: tensor<5xf64>) -> (tensor<6xf64> {jax.result_info = "result[0]"}, tensor<6x6xf64> {jax.result_info = "result[1]"}) {
    %0:2 = call @eigh_tridiagonal(%arg0, %arg1) : (tensor<6xf64>, tensor<5xf64>) -> (tensor<6xf64>, tensor<6x6xf64>)
    return %0#0, %0#1 : tensor<6xf64>, tensor<6x6xf64>
  }
  func.func private @eigh_tridiagonal(%arg0: tensor<6xf64>, %arg1: tensor<5xf64>) -> (tensor<6xf64>, tensor<6x6xf64>) {
    %c = stablehlo.constant dense<42> : tensor<i64>
    %c_0 = stablehlo.constant dense<32> : tensor<i64>
    %0 = stablehlo.shift_right_logical %c, %c_0 : tensor<i64>
    %1 = stablehlo.convert %0 : (tensor<i64>) -> tensor<ui32>
    %2 = stablehlo.broadcast_in_dim %1, dims = [] : (tensor<ui32>) -> tensor<1xui32>
    %c_1 = stablehlo.constant dense<4294967295> : tensor<i64>
    %3 = stablehlo.and %c, %c_1 : tensor<i64>
    %4 = stablehlo.convert %3 : (tensor<i64>) -> tensor<ui32>
    %5 = stablehlo.broadcast_in_dim %4, dims = [] : (tensor<ui32>) -> tensor<1xui32>
    %6 = stablehlo.concatenate %2, %5, dim = 0 : (tensor<1xui32>, tensor<1xui32>) -> tensor<2xui32>
    %7 = stablehlo.abs %arg1 : tensor<5xf64>
    %8 = chlo.square %arg1 : tensor<5xf64> -> tensor<5xf64>
    %9 = stablehlo.slice %7 [0:1] : (tensor<5xf64>) -> tensor<1xf64>
    %10 = stablehlo.slice %7 [0:4] : (tensor<5xf64>) -> tensor<4xf64>
    %11 = stablehlo.slice %7 [1:5] : (tensor<5xf64>) -> tensor<4xf64>
    %12 = stablehlo.add %10, %11 : tensor<4xf64>
    %13 = stablehlo.slice %7 [4:5] : (tensor<5xf64>) -> tensor<1xf64>
    %14 = stablehlo.concatenate %9, %12, %13, dim = 0 : (tensor<1xf64>, tensor<4xf64>, tensor<1xf64>) -> tensor<6xf64>
    %15 = stablehlo.add %arg0, %14 : tensor<6xf64>
    %cst = stablehlo.constant dense<0xFFF0000000000000> : tensor<f64>
    %16 = stablehlo.reduce(%15 init: %cst) applies stablehlo.maximum across dimensions = [0] : (tensor<6xf64>, tensor<f64>) -> tensor<f64>
    %17 = stablehlo.subtract %arg0, %14 : tensor<6xf64>
    %cst_2 = stablehlo.constant dense<0x7FF0000000000000> : tensor<f64>
    %18 = stablehlo.reduce(%17 init: %cst_2) applies stablehlo.minimum across dimensions = [0] : (tensor<6xf64>, tensor<f64>) -> tensor<f64>
    %19 = stablehlo.abs %18 : tensor<f64>
    %20 = stablehlo.abs %16 : tensor<f64>
    %21 = stablehlo.maximum %19, %20 : tensor<f64>
    %cst_3 = stablehlo.constant dense<0xFFF0000000000000> : tensor<f64>
    %22 = stablehlo.reduce(%8 init: %cst_3) applies stablehlo.maximum across dimensions = [0] : (tensor<5xf64>, tensor<f64>) -> tensor<f64>
    %cst_4 = stablehlo.constant dense<1.000000e+00> : tensor<f64>
    %23 = stablehlo.maximum %cst_4, %22 : tensor<f64>
    %cst_5 = stablehlo.constant dense<2.2250738585072019E-308> : tensor<f64>
    %24 = stablehlo.multiply %cst_5, %23 : tensor<f64>
    %25 = stablehlo.slice %7 [0:1] : (tensor<5xf64>) -> tensor<1xf64>
    %26 = stablehlo.reshape %25 : (tensor<1xf64>) -> tensor<f64>
    %cst_6 = stablehlo.constant dense<2.2204460492503131E-16> : tensor<f64>
    %27 = stablehlo.multiply %cst_6, %26 : tensor<f64>
    %28 = chlo.square %27 : tensor<f64> -> tensor<f64>
    %cst_7 = stablehlo.constant dense<2.2204460492503131E-16> : tensor<f64>
    %29 = stablehlo.multiply %cst_7, %21 : tensor<f64>
    %30 = stablehlo.iota dim = 0 : tensor<6xi32>
    %cst_8 = stablehlo.constant dense<6.000000e+00> : tensor<f64>
    %cst_9 = stablehlo.constant dense<2.100000e+00> : tensor<f64>
    %31 = stablehlo.multiply %cst_8, %cst_9 : tensor<f64>
    %cst_10 = stablehlo.constant dense<2.2204460492503131E-16> : tensor<f64>
    %32 = stablehlo.multiply %31, %cst_10 : tensor<f64>
    %33 = stablehlo.multiply %32, %21 : tensor<f64>
    %34 = stablehlo.subtract %18, %33 : tensor<f64>
    %cst_11 = stablehlo.constant dense<4.200000e+00> : tensor<f64>
    %35 = stablehlo.multiply %cst_11, %24 : tensor<f64>
    %36 = stablehlo.subtract %34, %35 : tensor<f64>
    %37 = stablehlo.add %16, %33 : tensor<f64>
    %cst_12 = stablehlo.constant dense<2.100000e+00> : tensor<f64>
    %38 = stablehlo.multiply %cst_12, %24 : tensor<f64>
    %39 = stablehlo.add %37, %38 : tensor<f64>
    %40 = stablehlo.broadcast_in_dim %36, dims = [] : (tensor<f64>) -> tensor<6xf64>
    %41 = stablehlo.broadcast_in_dim %39, dims = [] : (tensor<f64>) -> tensor<6xf64>
    %42 = stablehlo.add %41, %40 : tensor<6xf64>
    %cst_13 = stablehlo.constant dense<5.000000e-01> : tensor<f64>
    %43 = stablehlo.broadcast_in_dim %cst_13, dims = [] : (tensor<f64>) -> tensor<6xf64>
    %44 = stablehlo.multiply %43, %42 : tensor<6xf64>
    %45 = stablehlo.broadcast_in_dim %24, dims = [] : (tensor<f64>) -> tensor<6xf64>
    %46 = stablehlo.broadcast_in_dim %28, dims = [] : (tensor<f64>) -> tensor<6xf64>
    %c_14 = stablehlo.constant dense<0> : tensor<i64>
    %47:10 = stablehlo.while(%iterArg = %29, %iterArg_39 = %arg0, %iterArg_40 = %46, %iterArg_41 = %8, %iterArg_42 = %45, %iterArg_43 = %30, %iterArg_44 = %c_14, %iterArg_45 = %40, %iterArg_46 = %44, %iterArg_47 = %41) : tensor<f64>, tensor<6xf64>, tensor<6xf64>, tensor<5xf64>, tensor<6xf64>, tensor<6xi32>, tensor<i64>, tensor<6xf64>, tensor<6xf64>, tensor<6xf64>
    cond {
      %c_48 = stablehlo.constant dense<53> : tensor<i64>
      %123 = stablehlo.compare LT, %iterArg_44, %c_48, SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
      %124 = stablehlo.subtract %iterArg_47, %iterArg_45 : tensor<6xf64>
      %cst_49 = stablehlo.constant dense<0xFFF0000000000000> : tensor<f64>
      %125 = stablehlo.reduce(%124 init: %cst_49) applies stablehlo.maximum across dimensions = [0] : (tensor<6xf64>, tensor<f64>) -> tensor<f64>
      %126 = stablehlo.compare LT, %iterArg, %125, FLOAT : (tensor<f64>, tensor<f64>) -> tensor<i1>
      %c_50 = stablehlo.constant dense<false> : tensor<i1>
      %127 = stablehlo.broadcast_in_dim %c_50, dims = [] : (tensor<i1>) -> tensor<i1>
      %128 = stablehlo.compare NE, %123, %127, UNSIGNED : (tensor<i1>, tensor<i1>) -> tensor<i1>
      %129 = stablehlo.convert %128 : tensor<i1>
      %130 = stablehlo.and %129, %126 : tensor<i1>
      stablehlo.return %130 : tensor<i1>
    } do {
      %c_48 = stablehlo.constant dense<0> : tensor<i32>
      %123 = stablehlo.broadcast_in_dim %c_48, dims = [] : (tensor<i32>) -> tensor<6xi32>
      %c_49 = stablehlo.constant dense<1> : tensor<i32>
      %124 = stablehlo.broadcast_in_dim %c_49, dims = [] : (tensor<i32>) -> tensor<6xi32>
      %125 = stablehlo.slice %iterArg_39 [0:1] : (tensor<6xf64>) -> tensor<1xf64>
      %126 = stablehlo.reshape %125 : (tensor<1xf64>) -> tensor<f64>
      %127 = stablehlo.broadcast_in_dim %126, dims = [] : (tensor<f64>) -> tensor<6xf64>
      %128 = stablehlo.subtract %127, %iterArg_46 : tensor<6xf64>
      %cst_50 = stablehlo.constant dense<0.000000e+00> : tensor<f64>
      %129 = stablehlo.broadcast_in_dim %cst_50, dims = [] : (tensor<f64>) -> tensor<6xf64>
      %130 = stablehlo.compare LT, %128, %129, FLOAT : (tensor<6xf64>, tensor<6xf64>) -> tensor<6xi1>
      %131 = func.call @_where(%130, %124, %123) : (tensor<6xi1>, tensor<6xi32>, tensor<6xi32>) -> tensor<6xi32>
      %132 = stablehlo.slice %iterArg_39 [0:1] : (tensor<6xf64>) -> tensor<1xf64>
      %133 = stablehlo.reshape %132 : (tensor<1xf64>) -> tensor<f64>
      %134 = stablehlo.broadcast_in_dim %133, dims = [] : (tensor<f64>) -> tensor<6xf64>
      %135 = stablehlo.compare EQ, %134, %iterArg_46, FLOAT : (tensor<6xf64>, tensor<6xf64>) -> tensor<6xi1>
      %136 = func.call @_where_0(%135, %iterArg_40, %128) : (tensor<6xi1>, tensor<6xf64>, tensor<6xf64>) -> tensor<6xf64>
      %137 = stablehlo.slice %iterArg_39 [1:2] : (tensor<6xf64>) -> tensor<1xf64>
      %138 = stablehlo.reshape %137 : (tensor<1xf64>) -> tensor<f64>
      %139 = stablehlo.slice %iterArg_41 [0:1] : (tensor<5xf64>) -> tensor<1xf64>
      %140 = stablehlo.reshape %139 : (tensor<1xf64>) -> tensor<f64>
      %141 = stablehlo.broadcast_in_dim %140, dims = [] : (tensor<f64>) -> tensor<6xf64>
      %142 = stablehlo.divide %141, %136 : tensor<6xf64>
      %143 = stablehlo.broadcast_in_dim %138, dims = [] : (tensor<f64>) -> tensor<6xf64>
      %144 = stablehlo.subtract %143, %142 : tensor<6xf64>
      %145 = stablehlo.subtract %144, %iterArg_46 : tensor<6xf64>
      %146 = stablehlo.compare LE, %145, %iterArg_42, FLOAT : (tensor<6xf64>, tensor<6xf64>) -> tensor<6xi1>
      %c_51 = stablehlo.constant dense<1> : tensor<i32>
      %147 = stablehlo.broadcast_in_dim %c_51, dims = [] : (tensor<i32>) -> tensor<6xi32>
      %148 = stablehlo.add %131, %147 : tensor<6xi32>
      %149 = func.call @_where(%146, %148, %131) : (tensor<6xi1>, tensor<6xi32>, tensor<6xi32>) -> tensor<6xi32>
      %150 = stablehlo.compare LE, %145, %iterArg_42, FLOAT : (tensor<6xf64>, tensor<6xf64>) -> tensor<6xi1>
      %151 = stablehlo.negate %iterArg_42 : tensor<6xf64>
      %152 = stablehlo.minimum %145, %151 : tensor<6xf64>
      %153 = func.call @_where_0(%150, %152, %145) : (tensor<6xi1>, tensor<6xf64>, tensor<6xf64>) -> tensor<6xf64>
      %154 = stablehlo.slice %iterArg_39 [2:3] : (tensor<6xf64>) -> tensor<1xf64>
      %155 = stablehlo.reshape %154 : (tensor<1xf64>) -> tensor<f64>
      %156 = stablehlo.slice %iterArg_41 [1:2] : (tensor<5xf64>) -> tensor<1xf64>
      %157 = stablehlo.reshape %156 : (tensor<1xf64>) -> tensor<f64>
      %158 = stablehlo.broadcast_in_dim %157, dims = [] : (tensor<f64>) -> tensor<6xf64>
      %159 = stablehlo.divide %158, %153 : tensor<6xf64>
      %160 = stablehlo.broadcast_in_dim %155, dims = [] : (tensor<f64>) -> tensor<6xf64>
      %161 = stablehlo.subtract %160, %159 : tensor<6xf64>
      %162 = stablehlo.subtract %161, %iterArg_46 : tensor<6xf64>
      %163 = stablehlo.compare LE, %162, %iterArg_42, FLOAT : (tensor<6xf64>, tensor<6xf64>) -> tensor<6xi1>
      %c_52 = stablehlo.constant dense<1> : tensor<i32>
      %164 = stablehlo.broadcast_in_dim %c_52, dims = [] : (tensor<i32>) -> tensor<6xi32>
      %165 = stablehlo.add %149, %164 : tensor<6xi32>
      %166 = func.call @_where(%163, %165, %149) : (tensor<6xi1>, tensor<6xi32>, tensor<6xi32>) -> tensor<6xi32>
      %167 = stablehlo.compare LE, %162, %iterArg_42, FLOAT : (tensor<6xf64>, tensor<6xf64>) -> tensor<6xi1>
      %168 = stablehlo.negate %iterArg_42 : tensor<6xf64>
      %169 = stablehlo.minimum %162, %168 : tensor<6xf64>
      %170 = func.call @_where_0(%167, %169, %162) : (tensor<6xi1>, tensor<6xf64>, tensor<6xf64>) -> tensor<6xf64>
      %171 = stablehlo.slice %iterArg_39 [3:4] : (tensor<6xf64>) -> tensor<1xf64>
      %172 = stablehlo.reshape %171 : (tensor<1xf64>) -> tensor<f64>
      %173 = stablehlo.slice %iterArg_41 [2:3] : (tensor<5xf64>) -> tensor<1xf64>
      %174 = stablehlo.reshape %173 : (tensor<1xf64>) -> tensor<f64>
      %175 = stablehlo.broadcast_in_dim %174, dims = [] : (tensor<f64>) -> tensor<6xf64>
      %176 = stablehlo.divide %175, %170 : tensor<6xf64>
      %177 = stablehlo.broadcast_in_dim %172, dims = [] : (tensor<f64>) -> tensor<6xf64>
      %178 = stablehlo.subtract %177, %176 : tensor<6xf64>
      %179 = stablehlo.subtract %178, %iterArg_46 : tensor<6xf64>
      %180 = stablehlo.compare LE, %179, %iterArg_42, FLOAT : (tensor<6xf64>, tensor<6xf64>) -> tensor<6xi1>
      %c_53 = stablehlo.constant dense<1> : tensor<i32>
      %181 = stablehlo.broadcast_in_dim %c_53, dims = [] : (tensor<i32>) -> tensor<6xi32>
      %182 = stablehlo.add %166, %181 : tensor<6xi32>
      %183 = func.call @_where(%180, %182, %166) : (tensor<6xi1>, tensor<6xi32>, tensor<6xi32>) -> tensor<6xi32>
      %184 = stablehlo.compare LE, %179, %iterArg_42, FLOAT : (tensor<6xf64>, tensor<6xf64>) -> tensor<6xi1>
      %185 = stablehlo.negate %iterArg_42 : tensor<6xf64>
      %186 = stablehlo.minimum %179, %185 : tensor<6xf64>
      %187 = func.call @_where_0(%184, %186, %179) : (tensor<6xi1>, tensor<6xf64>, tensor<6xf64>) -> tensor<6xf64>
      %188 = stablehlo.slice %iterArg_39 [4:5] : (tensor<6xf64>) -> tensor<1xf64>
      %189 = stablehlo.reshape %188 : (tensor<1xf64>) -> tensor<f64>
      %190 = stablehlo.slice %iterArg_41 [3:4] : (tensor<5xf64>) -> tensor<1xf64>
      %191 = stablehlo.reshape %190 : (tensor<1xf64>) -> tensor<f64>
      %192 = stablehlo.broadcast_in_dim %191, dims = [] : (tensor<f64>) -> tensor<6xf64>
      %193 = stablehlo.divide %192, %187 : tensor<6xf64>
      %194 = stablehlo.broadcast_in_dim %189, dims = [] : (tensor<f64>) -> tensor<6xf64>
      %195 = stablehlo.subtract %194, %193 : tensor<6xf64>
      %196 = stablehlo.subtract %195, %iterArg_46 : tensor<6xf64>
      %197 = stablehlo.compare LE, %196, %iterArg_42, FLOAT : (tensor<6xf64>, tensor<6xf64>) -> tensor<6xi1>
      %c_54 = stablehlo.constant dense<1> : tensor<i32>
      %198 = stablehlo.broadcast_in_dim %c_54, dims = [] : (tensor<i32>) -> tensor<6xi32>
      %199 = stablehlo.add %183, %198 : tensor<6xi32>
      %200 = func.call @_where(%197, %199, %183) : (tensor<6xi1>, tensor<6xi32>, tensor<6xi32>) -> tensor<6xi32>
      %201 = stablehlo.compare LE, %196, %iterArg_42, FLOAT : (tensor<6xf64>, tensor<6xf64>) -> tensor<6xi1>
      %202 = stablehlo.negate %iterArg_42 : tensor<6xf64>
      %203 = stablehlo.minimum %196, %202 : tensor<6xf64>
      %204 = func.call @_where_0(%201, %203, %196) : (tensor<6xi1>, tensor<6xf64>, tensor<6xf64>) -> tensor<6xf64>
      %205 = stablehlo.slice %iterArg_39 [5:6] : (tensor<6xf64>) -> tensor<1xf64>
      %206 = stablehlo.reshape %205 : (tensor<1xf64>) -> tensor<f64>
      %207 = stablehlo.slice %iterArg_41 [4:5] : (tensor<5xf64>) -> tensor<1xf64>
      %208 = stablehlo.reshape %207 : (tensor<1xf64>) -> tensor<f64>
      %209 = stablehlo.broadcast_in_dim %208, dims = [] : (tensor<f64>) -> tensor<6xf64>
      %210 = stablehlo.divide %209, %204 : tensor<6xf64>
      %211 = stablehlo.broadcast_in_dim %206, dims = [] : (tensor<f64>) -> tensor<6xf64>
      %212 = stablehlo.subtract %211, %210 : tensor<6xf64>
      %213 = stablehlo.subtract %212, %iterArg_46 : tensor<6xf64>
      %214 = stablehlo.compare LE, %213, %iterArg_42, FLOAT : (tensor<6xf64>, tensor<6xf64>) -> tensor<6xi1>
      %c_55 = stablehlo.constant dense<1> : tensor<i32>
      %215 = stablehlo.broadcast_in_dim %c_55, dims = [] : (tensor<i32>) -> tensor<6xi32>
      %216 = stablehlo.add %200, %215 : tensor<6xi32>
      %217 = func.call @_where(%214, %216, %200) : (tensor<6xi1>, tensor<6xi32>, tensor<6xi32>) -> tensor<6xi32>
      %218 = stablehlo.compare LE, %213, %iterArg_42, FLOAT : (tensor<6xf64>, tensor<6xf64>) -> tensor<6xi1>
      %219 = stablehlo.negate %iterArg_42 : tensor<6xf64>
      %220 = stablehlo.minimum %213, %219 : tensor<6xf64>
      %221 = func.call @_where_0(%218, %220, %213) : (tensor<6xi1>, tensor<6xf64>, tensor<6xf64>) -> tensor<6xf64>
      %c_56 = stablehlo.constant dense<6> : tensor<i64>
      %222:7 = stablehlo.while(%iterArg_59 = %iterArg_39, %iterArg_60 = %iterArg_41, %iterArg_61 = %iterArg_46, %iterArg_62 = %iterArg_42, %iterArg_63 = %c_56, %iterArg_64 = %221, %iterArg_65 = %217) : tensor<6xf64>, tensor<5xf64>, tensor<6xf64>, tensor<6xf64>, tensor<i64>, tensor<6xf64>, tensor<6xi32>
      cond {
        %c_66 = stablehlo.constant dense<6> : tensor<i64>
        %231 = stablehlo.compare LT, %iterArg_63, %c_66, SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
        stablehlo.return %231 : tensor<i1>
      } do {
        %c_66 = stablehlo.constant dense<0> : tensor<i64>
        %231 = stablehlo.add %iterArg_63, %c_66 : tensor<i64>
        %c_67 = stablehlo.constant dense<0> : tensor<i64>
        %232 = stablehlo.compare LT, %231, %c_67, SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
        %233 = stablehlo.convert %231 : tensor<i64>
        %c_68 = stablehlo.constant dense<6> : tensor<i64>
        %234 = stablehlo.add %233, %c_68 : tensor<i64>
        %235 = stablehlo.select %232, %234, %231 : tensor<i1>, tensor<i64>
        %236 = stablehlo.dynamic_slice %iterArg_59, %235, sizes = [1] : (tensor<6xf64>, tensor<i64>) -> tensor<1xf64>
        %237 = stablehlo.reshape %236 : (tensor<1xf64>) -> tensor<f64>
        %c_69 = stablehlo.constant dense<1> : tensor<i64>
        %238 = stablehlo.subtract %231, %c_69 : tensor<i64>
        %c_70 = stablehlo.constant dense<0> : tensor<i64>
        %239 = stablehlo.compare LT, %238, %c_70, SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
        %240 = stablehlo.convert %238 : tensor<i64>
        %c_71 = stablehlo.constant dense<5> : tensor<i64>
        %241 = stablehlo.add %240, %c_71 : tensor<i64>
        %242 = stablehlo.select %239, %241, %238 : tensor<i1>, tensor<i64>
        %243 = stablehlo.dynamic_slice %iterArg_60, %242, sizes = [1] : (tensor<5xf64>, tensor<i64>) -> tensor<1xf64>
        %244 = stablehlo.reshape %243 : (tensor<1xf64>) -> tensor<f64>
        %245 = stablehlo.broadcast_in_dim %244, dims = [] : (tensor<f64>) -> tensor<6xf64>
        %246 = stablehlo.divide %245, %iterArg_64 : tensor<6xf64>
        %247 = stablehlo.broadcast_in_dim %237, dims = [] : (tensor<f64>) -> tensor<6xf64>
        %248 = stablehlo.subtract %247, %246 : tensor<6xf64>
        %249 = stablehlo.subtract %248, %iterArg_61 : tensor<6xf64>
        %250 = stablehlo.compare LE, %249, %iterArg_62, FLOAT : (tensor<6xf64>, tensor<6xf64>) -> tensor<6xi1>
        %c_72 = stablehlo.constant dense<1> : tensor<i32>
        %251 = stablehlo.broadcast_in_dim %c_72, dims = [] : (tensor<i32>) -> tensor<6xi32>
        %252 = stablehlo.add %iterArg_65, %251 : tensor<6xi32>
        %253 = func.call @_where(%250, %252, %iterArg_65) : (tensor<6xi1>, tensor<6xi32>, tensor<6xi32>) -> tensor<6xi32>
        %254 = stablehlo.compare LE, %249, %iterArg_62, FLOAT : (tensor<6xf64>, tensor<6xf64>) -> tensor<6xi1>
        %255 = stablehlo.negate %iterArg_62 : tensor<6xf64>
        %256 = stablehlo.minimum %249, %255 : tensor<6xf64>
        %257 = func.call @_where_0(%254, %256, %249) : (tensor<6xi1>, tensor<6xf64>, tensor<6xf64>) -> tensor<6xf64>
        %c_73 = stablehlo.constant dense<1> : tensor<i64>
        %258 = stablehlo.add %iterArg_63, %c_73 : tensor<i64>
        %c_74 = stablehlo.constant dense<0> : tensor<i64>
        %259 = stablehlo.compare LT, %258, %c_74, SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
        %260 = stablehlo.convert %258 : tensor<i64>
        %c_75 = stablehlo.constant dense<6> : tensor<i64>
        %261 = stablehlo.add %260, %c_75 : tensor<i64>
        %262 = stablehlo.select %259, %261, %258 : tensor<i1>, tensor<i64>
        %263 = stablehlo.dynamic_slice %iterArg_59, %262, sizes = [1] : (tensor<6xf64>, tensor<i64>) -> tensor<1xf64>
        %264 = stablehlo.reshape %263 : (tensor<1xf64>) -> tensor<f64>
        %c_76 = stablehlo.constant dense<1> : tensor<i64>
        %265 = stablehlo.subtract %258, %c_76 : tensor<i64>
        %c_77 = stablehlo.constant dense<0> : tensor<i64>
        %266 = stablehlo.compare LT, %265, %c_77, SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
        %267 = stablehlo.convert %265 : tensor<i64>
        %c_78 = stablehlo.constant dense<5> : tensor<i64>
        %268 = stablehlo.add %267, %c_78 : tensor<i64>
        %269 = stablehlo.select %266, %268, %265 : tensor<i1>, tensor<i64>
        %270 = stablehlo.dynamic_slice %iterArg_60, %269, sizes = [1] : (tensor<5xf64>, tensor<i64>) -> tensor<1xf64>
        %271 = stablehlo.reshape %270 : (tensor<1xf64>) -> tensor<f64>
        %272 = stablehlo.broadcast_in_dim %271, dims = [] : (tensor<f64>) -> tensor<6xf64>
        %273 = stablehlo.divide %272, %257 : tensor<6xf64>
        %274 = stablehlo.broadcast_in_dim %264, dims = [] : (tensor<f64>) -> tensor<6xf64>
        %275 = stablehlo.subtract %274, %273 : tensor<6xf64>
        %276 = stablehlo.subtract %275, %iterArg_61 : tensor<6xf64>
        %277 = stablehlo.compare LE, %276, %iterArg_62, FLOAT : (tensor<6xf64>, tensor<6xf64>) -> tensor<6xi1>
        %c_79 = stablehlo.constant dense<1> : tensor<i32>
        %278 = stablehlo.broadcast_in_dim %c_79, dims = [] : (tensor<i32>) -> tensor<6xi32>
        %279 = stablehlo.add %253, %278 : tensor<6xi32>
        %280 = func.call @_where(%277, %279, %253) : (tensor<6xi1>, tensor<6xi32>, tensor<6xi32>) -> tensor<6xi32>
        %281 = stablehlo.compare LE, %276, %iterArg_62, FLOAT : (tensor<6xf64>, tensor<6xf64>) -> tensor<6xi1>
        %282 = stablehlo.negate %iterArg_62 : tensor<6xf64>
        %283 = stablehlo.minimum %276, %282 : tensor<6xf64>
        %284 = func.call @_where_0(%281, %283, %276) : (tensor<6xi1>, tensor<6xf64>, tensor<6xf64>) -> tensor<6xf64>
        %c_80 = stablehlo.constant dense<2> : tensor<i64>
        %285 = stablehlo.add %iterArg_63, %c_80 : tensor<i64>
        %c_81 = stablehlo.constant dense<0> : tensor<i64>
        %286 = stablehlo.compare LT, %285, %c_81, SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
        %287 = stablehlo.convert %285 : tensor<i64>
        %c_82 = stablehlo.constant dense<6> : tensor<i64>
        %288 = stablehlo.add %287, %c_82 : tensor<i64>
        %289 = stablehlo.select %286, %288, %285 : tensor<i1>, tensor<i64>
        %290 = stablehlo.dynamic_slice %iterArg_59, %289, sizes = [1] : (tensor<6xf64>, tensor<i64>) -> tensor<1xf64>
        %291 = stablehlo.reshape %290 : (tensor<1xf64>) -> tensor<f64>
        %c_83 = stablehlo.constant dense<1> : tensor<i64>
        %292 = stablehlo.subtract %285, %c_83 : tensor<i64>
        %c_84 = stablehlo.constant dense<0> : tensor<i64>
        %293 = stablehlo.compare LT, %292, %c_84, SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
        %294 = stablehlo.convert %292 : tensor<i64>
        %c_85 = stablehlo.constant dense<5> : tensor<i64>
        %295 = stablehlo.add %294, %c_85 : tensor<i64>
        %296 = stablehlo.select %293, %295, %292 : tensor<i1>, tensor<i64>
        %297 = stablehlo.dynamic_slice %iterArg_60, %296, sizes = [1] : (tensor<5xf64>, tensor<i64>) -> tensor<1xf64>
        %298 = stablehlo.reshape %297 : (tensor<1xf64>) -> tensor<f64>
        %299 = stablehlo.broadcast_in_dim %298, dims = [] : (tensor<f64>) -> tensor<6xf64>
        %300 = stablehlo.divide %299, %284 : tensor<6xf64>
        %301 = stablehlo.broadcast_in_dim %291, dims = [] : (tensor<f64>) -> tensor<6xf64>
        %302 = stablehlo.subtract %301, %300 : tensor<6xf64>
        %303 = stablehlo.subtract %302, %iterArg_61 : tensor<6xf64>
        %304 = stablehlo.compare LE, %303, %iterArg_62, FLOAT : (tensor<6xf64>, tensor<6xf64>) -> tensor<6xi1>
        %c_86 = stablehlo.constant dense<1> : tensor<i32>
        %305 = stablehlo.broadcast_in_dim %c_86, dims = [] : (tensor<i32>) -> tensor<6xi32>
        %306 = stablehlo.add %280, %305 : tensor<6xi32>
        %307 = func.call @_where(%304, %306, %280) : (tensor<6xi1>, tensor<6xi32>, tensor<6xi32>) -> tensor<6xi32>
        %308 = stablehlo.compare LE, %303, %iterArg_62, FLOAT : (tensor<6xf64>, tensor<6xf64>) -> tensor<6xi1>
        %309 = stablehlo.negate %iterArg_62 : tensor<6xf64>
        %310 = stablehlo.minimum %303, %309 : tensor<6xf64>
        %311 = func.call @_where_0(%308, %310, %303) : (tensor<6xi1>, tensor<6xf64>, tensor<6xf64>) -> tensor<6xf64>
        %c_87 = stablehlo.constant dense<3> : tensor<i64>
        %312 = stablehlo.add %iterArg_63, %c_87 : tensor<i64>
        %c_88 = stablehlo.constant dense<0> : tensor<i64>
        %313 = stablehlo.compare LT, %312, %c_88, SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
        %314 = stablehlo.convert %312 : tensor<i64>
        %c_89 = stablehlo.constant dense<6> : tensor<i64>
        %315 = stablehlo.add %314, %c_89 : tensor<i64>
        %316 = stablehlo.select %313, %315, %312 : tensor<i1>, tensor<i64>
        %317 = stablehlo.dynamic_slice %iterArg_59, %316, sizes = [1] : (tensor<6xf64>, tensor<i64>) -> tensor<1xf64>
        %318 = stablehlo.reshape %317 : (tensor<1xf64>) -> tensor<f64>
        %c_90 = stablehlo.constant dense<1> : tensor<i64>
        %319 = stablehlo.subtract %312, %c_90 : tensor<i64>
        %c_91 = stablehlo.constant dense<0> : tensor<i64>
        %320 = stablehlo.compare LT, %319, %c_91, SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
        %321 = stablehlo.convert %319 : tensor<i64>
        %c_92 = stablehlo.constant dense<5> : tensor<i64>
        %322 = stablehlo.add %321, %c_92 : tensor<i64>
        %323 = stablehlo.select %320, %322, %319 : tensor<i1>, tensor<i64>
        %324 = stablehlo.dynamic_slice %iterArg_60, %323, sizes = [1] : (tensor<5xf64>, tensor<i64>) -> tensor<1xf64>
        %325 = stablehlo.reshape %324 : (tensor<1xf64>) -> tensor<f64>
        %326 = stablehlo.broadcast_in_dim %325, dims = [] : (tensor<f64>) -> tensor<6xf64>
        %327 = stablehlo.divide %326, %311 : tensor<6xf64>
        %328 = stablehlo.broadcast_in_dim %318, dims = [] : (tensor<f64>) -> tensor<6xf64>
        %329 = stablehlo.subtract %328, %327 : tensor<6xf64>
        %330 = stablehlo.subtract %329, %iterArg_61 : tensor<6xf64>
        %331 = stablehlo.compare LE, %330, %iterArg_62, FLOAT : (tensor<6xf64>, tensor<6xf64>) -> tensor<6xi1>
        %c_93 = stablehlo.constant dense<1> : tensor<i32>
        %332 = stablehlo.broadcast_in_dim %c_93, dims = [] : (tensor<i32>) -> tensor<6xi32>
        %333 = stablehlo.add %307, %332 : tensor<6xi32>
        %334 = func.call @_where(%331, %333, %307) : (tensor<6xi1>, tensor<6xi32>, tensor<6xi32>) -> tensor<6xi32>
        %335 = stablehlo.compare LE, %330, %iterArg_62, FLOAT : (tensor<6xf64>, tensor<6xf64>) -> tensor<6xi1>
        %336 = stablehlo.negate %iterArg_62 : tensor<6xf64>
        %337 = stablehlo.minimum %330, %336 : tensor<6xf64>
        %338 = func.call @_where_0(%335, %337, %330) : (tensor<6xi1>, tensor<6xf64>, tensor<6xf64>) -> tensor<6xf64>
        %c_94 = stablehlo.constant dense<4> : tensor<i64>
        %339 = stablehlo.add %iterArg_63, %c_94 : tensor<i64>
        %c_95 = stablehlo.constant dense<0> : tensor<i64>
        %340 = stablehlo.compare LT, %339, %c_95, SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
        %341 = stablehlo.convert %339 : tensor<i64>
        %c_96 = stablehlo.constant dense<6> : tensor<i64>
        %342 = stablehlo.add %341, %c_96 : tensor<i64>
        %343 = stablehlo.select %340, %342, %339 : tensor<i1>, tensor<i64>
        %344 = stablehlo.dynamic_slice %iterArg_59, %343, sizes = [1] : (tensor<6xf64>, tensor<i64>) -> tensor<1xf64>
        %345 = stablehlo.reshape %344 : (tensor<1xf64>) -> tensor<f64>
        %c_97 = stablehlo.constant dense<1> : tensor<i64>
        %346 = stablehlo.subtract %339, %c_97 : tensor<i64>
        %c_98 = stablehlo.constant dense<0> : tensor<i64>
        %347 = stablehlo.compare LT, %346, %c_98, SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
        %348 = stablehlo.convert %346 : tensor<i64>
        %c_99 = stablehlo.constant dense<5> : tensor<i64>
        %349 = stablehlo.add %348, %c_99 : tensor<i64>
        %350 = stablehlo.select %347, %349, %346 : tensor<i1>, tensor<i64>
        %351 = stablehlo.dynamic_slice %iterArg_60, %350, sizes = [1] : (tensor<5xf64>, tensor<i64>) -> tensor<1xf64>
        %352 = stablehlo.reshape %351 : (tensor<1xf64>) -> tensor<f64>
        %353 = stablehlo.broadcast_in_dim %352, dims = [] : (tensor<f64>) -> tensor<6xf64>
        %354 = stablehlo.divide %353, %338 : tensor<6xf64>
        %355 = stablehlo.broadcast_in_dim %345, dims = [] : (tensor<f64>) -> tensor<6xf64>
        %356 = stablehlo.subtract %355, %354 : tensor<6xf64>
        %357 = stablehlo.subtract %356, %iterArg_61 : tensor<6xf64>
        %358 = stablehlo.compare LE, %357, %iterArg_62, FLOAT : (tensor<6xf64>, tensor<6xf64>) -> tensor<6xi1>
        %c_100 = stablehlo.constant dense<1> : tensor<i32>
        %359 = stablehlo.broadcast_in_dim %c_100, dims = [] : (tensor<i32>) -> tensor<6xi32>
        %360 = stablehlo.add %334, %359 : tensor<6xi32>
        %361 = func.call @_where(%358, %360, %334) : (tensor<6xi1>, tensor<6xi32>, tensor<6xi32>) -> tensor<6xi32>
        %362 = stablehlo.compare LE, %357, %iterArg_62, FLOAT : (tensor<6xf64>, tensor<6xf64>) -> tensor<6xi1>
        %363 = stablehlo.negate %iterArg_62 : tensor<6xf64>
        %364 = stablehlo.minimum %357, %363 : tensor<6xf64>
        %365 = func.call @_where_0(%362, %364, %357) : (tensor<6xi1>, tensor<6xf64>, tensor<6xf64>) -> tensor<6xf64>
        %c_101 = stablehlo.constant dense<5> : tensor<i64>
        %366 = stablehlo.add %iterArg_63, %c_101 : tensor<i64>
        %c_102 = stablehlo.constant dense<0> : tensor<i64>
        %367 = stablehlo.compare LT, %366, %c_102, SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
        %368 = stablehlo.convert %366 : tensor<i64>
        %c_103 = stablehlo.constant dense<6> : tensor<i64>
        %369 = stablehlo.add %368, %c_103 : tensor<i64>
        %370 = stablehlo.select %367, %369, %366 : tensor<i1>, tensor<i64>
        %371 = stablehlo.dynamic_slice %iterArg_59, %370, sizes = [1] : (tensor<6xf64>, tensor<i64>) -> tensor<1xf64>
        %372 = stablehlo.reshape %371 : (tensor<1xf64>) -> tensor<f64>
        %c_104 = stablehlo.constant dense<1> : tensor<i64>
        %373 = stablehlo.subtract %366, %c_104 : tensor<i64>
        %c_105 = stablehlo.constant dense<0> : tensor<i64>
        %374 = stablehlo.compare LT, %373, %c_105, SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
        %375 = stablehlo.convert %373 : tensor<i64>
        %c_106 = stablehlo.constant dense<5> : tensor<i64>
        %376 = stablehlo.add %375, %c_106 : tensor<i64>
        %377 = stablehlo.select %374, %376, %373 : tensor<i1>, tensor<i64>
        %378 = stablehlo.dynamic_slice %iterArg_60, %377, sizes = [1] : (tensor<5xf64>, tensor<i64>) -> tensor<1xf64>
        %379 = stablehlo.reshape %378 : (tensor<1xf64>) -> tensor<f64>
        %380 = stablehlo.broadcast_in_dim %379, dims = [] : (tensor<f64>) -> tensor<6xf64>
        %381 = stablehlo.divide %380, %365 : tensor<6xf64>
        %382 = stablehlo.broadcast_in_dim %372, dims = [] : (tensor<f64>) -> tensor<6xf64>
        %383 = stablehlo.subtract %382, %381 : tensor<6xf64>
        %384 = stablehlo.subtract %383, %iterArg_61 : tensor<6xf64>
        %385 = stablehlo.compare LE, %384, %iterArg_62, FLOAT : (tensor<6xf64>, tensor<6xf64>) -> tensor<6xi1>
        %c_107 = stablehlo.constant dense<1> : tensor<i32>
        %386 = stablehlo.broadcast_in_dim %c_107, dims = [] : (tensor<i32>) -> tensor<6xi32>
        %387 = stablehlo.add %361, %386 : tensor<6xi32>
        %388 = func.call @_where(%385, %387, %361) : (tensor<6xi1>, tensor<6xi32>, tensor<6xi32>) -> tensor<6xi32>
        %389 = stablehlo.compare LE, %384, %iterArg_62, FLOAT : (tensor<6xf64>, tensor<6xf64>) -> tensor<6xi1>
        %390 = stablehlo.negate %iterArg_62 : tensor<6xf64>
        %391 = stablehlo.minimum %384, %390 : tensor<6xf64>
        %392 = func.call @_where_0(%389, %391, %384) : (tensor<6xi1>, tensor<6xf64>, tensor<6xf64>) -> tensor<6xf64>
        %c_108 = stablehlo.constant dense<6> : tensor<i64>
        %393 = stablehlo.add %iterArg_63, %c_108 : tensor<i64>
        %c_109 = stablehlo.constant dense<0> : tensor<i64>
        %394 = stablehlo.compare LT, %393, %c_109, SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
        %395 = stablehlo.convert %393 : tensor<i64>
        %c_110 = stablehlo.constant dense<6> : tensor<i64>
        %396 = stablehlo.add %395, %c_110 : tensor<i64>
        %397 = stablehlo.select %394, %396, %393 : tensor<i1>, tensor<i64>
        %398 = stablehlo.dynamic_slice %iterArg_59, %397, sizes = [1] : (tensor<6xf64>, tensor<i64>) -> tensor<1xf64>
        %399 = stablehlo.reshape %398 : (tensor<1xf64>) -> tensor<f64>
        %c_111 = stablehlo.constant dense<1> : tensor<i64>
        %400 = stablehlo.subtract %393, %c_111 : tensor<i64>
        %c_112 = stablehlo.constant dense<0> : tensor<i64>
        %401 = stablehlo.compare LT, %400, %c_112, SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
        %402 = stablehlo.convert %400 : tensor<i64>
        %c_113 = stablehlo.constant dense<5> : tensor<i64>
        %403 = stablehlo.add %402, %c_113 : tensor<i64>
        %404 = stablehlo.select %401, %403, %400 : tensor<i1>, tensor<i64>
        %405 = stablehlo.dynamic_slice %iterArg_60, %404, sizes = [1] : (tensor<5xf64>, tensor<i64>) -> tensor<1xf64>
        %406 = stablehlo.reshape %405 : (tensor<1xf64>) -> tensor<f64>
        %407 = stablehlo.broadcast_in_dim %406, dims = [] : (tensor<f64>) -> tensor<6xf64>
        %408 = stablehlo.divide %407, %392 : tensor<6xf64>
        %409 = stablehlo.broadcast_in_dim %399, dims = [] : (tensor<f64>) -> tensor<6xf64>
        %410 = stablehlo.subtract %409, %408 : tensor<6xf64>
        %411 = stablehlo.subtract %410, %iterArg_61 : tensor<6xf64>
        %412 = stablehlo.compare LE, %411, %iterArg_62, FLOAT : (tensor<6xf64>, tensor<6xf64>) -> tensor<6xi1>
        %c_114 = stablehlo.constant dense<1> : tensor<i32>
        %413 = stablehlo.broadcast_in_dim %c_114, dims = [] : (tensor<i32>) -> tensor<6xi32>
        %414 = stablehlo.add %388, %413 : tensor<6xi32>
        %415 = func.call @_where(%412, %414, %388) : (tensor<6xi1>, tensor<6xi32>, tensor<6xi32>) -> tensor<6xi32>
        %416 = stablehlo.compare LE, %411, %iterArg_62, FLOAT : (tensor<6xf64>, tensor<6xf64>) -> tensor<6xi1>
        %417 = stablehlo.negate %iterArg_62 : tensor<6xf64>
        %418 = stablehlo.minimum %411, %417 : tensor<6xf64>
        %419 = func.call @_where_0(%416, %418, %411) : (tensor<6xi1>, tensor<6xf64>, tensor<6xf64>) -> tensor<6xf64>
        %c_115 = stablehlo.constant dense<7> : tensor<i64>
        %420 = stablehlo.add %iterArg_63, %c_115 : tensor<i64>
        %c_116 = stablehlo.constant dense<0> : tensor<i64>
        %421 = stablehlo.compare LT, %420, %c_116, SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
        %422 = stablehlo.convert %420 : tensor<i64>
        %c_117 = stablehlo.constant dense<6> : tensor<i64>
        %423 = stablehlo.add %422, %c_117 : tensor<i64>
        %424 = stablehlo.select %421, %423, %420 : tensor<i1>, tensor<i64>
        %425 = stablehlo.dynamic_slice %iterArg_59, %424, sizes = [1] : (tensor<6xf64>, tensor<i64>) -> tensor<1xf64>
        %426 = stablehlo.reshape %425 : (tensor<1xf64>) -> tensor<f64>
        %c_118 = stablehlo.constant dense<1> : tensor<i64>
        %427 = stablehlo.subtract %420, %c_118 : tensor<i64>
        %c_119 = stablehlo.constant dense<0> : tensor<i64>
        %428 = stablehlo.compare LT, %427, %c_119, SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
        %429 = stablehlo.convert %427 : tensor<i64>
        %c_120 = stablehlo.constant dense<5> : tensor<i64>
        %430 = stablehlo.add %429, %c_120 : tensor<i64>
        %431 = stablehlo.select %428, %430, %427 : tensor<i1>, tensor<i64>
        %432 = stablehlo.dynamic_slice %iterArg_60, %431, sizes = [1] : (tensor<5xf64>, tensor<i64>) -> tensor<1xf64>
        %433 = stablehlo.reshape %432 : (tensor<1xf64>) -> tensor<f64>
        %434 = stablehlo.broadcast_in_dim %433, dims = [] : (tensor<f64>) -> tensor<6xf64>
        %435 = stablehlo.divide %434, %419 : tensor<6xf64>
        %436 = stablehlo.broadcast_in_dim %426, dims = [] : (tensor<f64>) -> tensor<6xf64>
        %437 = stablehlo.subtract %436, %435 : tensor<6xf64>
        %438 = stablehlo.subtract %437, %iterArg_61 : tensor<6xf64>
        %439 = stablehlo.compare LE, %438, %iterArg_62, FLOAT : (tensor<6xf64>, tensor<6xf64>) -> tensor<6xi1>
        %c_121 = stablehlo.constant dense<1> : tensor<i32>
        %440 = stablehlo.broadcast_in_dim %c_121, dims = [] : (tensor<i32>) -> tensor<6xi32>
        %441 = stablehlo.add %415, %440 : tensor<6xi32>
        %442 = func.call @_where(%439, %441, %415) : (tensor<6xi1>, tensor<6xi32>, tensor<6xi32>) -> tensor<6xi32>
        %443 = stablehlo.compare LE, %438, %iterArg_62, FLOAT : (tensor<6xf64>, tensor<6xf64>) -> tensor<6xi1>
        %444 = stablehlo.negate %iterArg_62 : tensor<6xf64>
        %445 = stablehlo.minimum %438, %444 : tensor<6xf64>
        %446 = func.call @_where_0(%443, %445, %438) : (tensor<6xi1>, tensor<6xf64>, tensor<6xf64>) -> tensor<6xf64>
        %c_122 = stablehlo.constant dense<8> : tensor<i64>
        %447 = stablehlo.add %iterArg_63, %c_122 : tensor<i64>
        %c_123 = stablehlo.constant dense<0> : tensor<i64>
        %448 = stablehlo.compare LT, %447, %c_123, SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
        %449 = stablehlo.convert %447 : tensor<i64>
        %c_124 = stablehlo.constant dense<6> : tensor<i64>
        %450 = stablehlo.add %449, %c_124 : tensor<i64>
        %451 = stablehlo.select %448, %450, %447 : tensor<i1>, tensor<i64>
        %452 = stablehlo.dynamic_slice %iterArg_59, %451, sizes = [1] : (tensor<6xf64>, tensor<i64>) -> tensor<1xf64>
        %453 = stablehlo.reshape %452 : (tensor<1xf64>) -> tensor<f64>
        %c_125 = stablehlo.constant dense<1> : tensor<i64>
        %454 = stablehlo.subtract %447, %c_125 : tensor<i64>
        %c_126 = stablehlo.constant dense<0> : tensor<i64>
        %455 = stablehlo.compare LT, %454, %c_126, SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
        %456 = stablehlo.convert %454 : tensor<i64>
        %c_127 = stablehlo.constant dense<5> : tensor<i64>
        %457 = stablehlo.add %456, %c_127 : tensor<i64>
        %458 = stablehlo.select %455, %457, %454 : tensor<i1>, tensor<i64>
        %459 = stablehlo.dynamic_slice %iterArg_60, %458, sizes = [1] : (tensor<5xf64>, tensor<i64>) -> tensor<1xf64>
        %460 = stablehlo.reshape %459 : (tensor<1xf64>) -> tensor<f64>
        %461 = stablehlo.broadcast_in_dim %460, dims = [] : (tensor<f64>) -> tensor<6xf64>
        %462 = stablehlo.divide %461, %446 : tensor<6xf64>
        %463 = stablehlo.broadcast_in_dim %453, dims = [] : (tensor<f64>) -> tensor<6xf64>
        %464 = stablehlo.subtract %463, %462 : tensor<6xf64>
        %465 = stablehlo.subtract %464, %iterArg_61 : tensor<6xf64>
        %466 = stablehlo.compare LE, %465, %iterArg_62, FLOAT : (tensor<6xf64>, tensor<6xf64>) -> tensor<6xi1>
        %c_128 = stablehlo.constant dense<1> : tensor<i32>
        %467 = stablehlo.broadcast_in_dim %c_128, dims = [] : (tensor<i32>) -> tensor<6xi32>
        %468 = stablehlo.add %442, %467 : tensor<6xi32>
        %469 = func.call @_where(%466, %468, %442) : (tensor<6xi1>, tensor<6xi32>, tensor<6xi32>) -> tensor<6xi32>
        %470 = stablehlo.compare LE, %465, %iterArg_62, FLOAT : (tensor<6xf64>, tensor<6xf64>) -> tensor<6xi1>
        %471 = stablehlo.negate %iterArg_62 : tensor<6xf64>
        %472 = stablehlo.minimum %465, %471 : tensor<6xf64>
        %473 = func.call @_where_0(%470, %472, %465) : (tensor<6xi1>, tensor<6xf64>, tensor<6xf64>) -> tensor<6xf64>
        %c_129 = stablehlo.constant dense<9> : tensor<i64>
        %474 = stablehlo.add %iterArg_63, %c_129 : tensor<i64>
        %c_130 = stablehlo.constant dense<0> : tensor<i64>
        %475 = stablehlo.compare LT, %474, %c_130, SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
        %476 = stablehlo.convert %474 : tensor<i64>
        %c_131 = stablehlo.constant dense<6> : tensor<i64>
        %477 = stablehlo.add %476, %c_131 : tensor<i64>
        %478 = stablehlo.select %475, %477, %474 : tensor<i1>, tensor<i64>
        %479 = stablehlo.dynamic_slice %iterArg_59, %478, sizes = [1] : (tensor<6xf64>, tensor<i64>) -> tensor<1xf64>
        %480 = stablehlo.reshape %479 : (tensor<1xf64>) -> tensor<f64>
        %c_132 = stablehlo.constant dense<1> : tensor<i64>
        %481 = stablehlo.subtract %474, %c_132 : tensor<i64>
        %c_133 = stablehlo.constant dense<0> : tensor<i64>
        %482 = stablehlo.compare LT, %481, %c_133, SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
        %483 = stablehlo.convert %481 : tensor<i64>
        %c_134 = stablehlo.constant dense<5> : tensor<i64>
        %484 = stablehlo.add %483, %c_134 : tensor<i64>
        %485 = stablehlo.select %482, %484, %481 : tensor<i1>, tensor<i64>
        %486 = stablehlo.dynamic_slice %iterArg_60, %485, sizes = [1] : (tensor<5xf64>, tensor<i64>) -> tensor<1xf64>
        %487 = stablehlo.reshape %486 : (tensor<1xf64>) -> tensor<f64>
        %488 = stablehlo.broadcast_in_dim %487, dims = [] : (tensor<f64>) -> tensor<6xf64>
        %489 = stablehlo.divide %488, %473 : tensor<6xf64>
        %490 = stablehlo.broadcast_in_dim %480, dims = [] : (tensor<f64>) -> tensor<6xf64>
        %491 = stablehlo.subtract %490, %489 : tensor<6xf64>
        %492 = stablehlo.subtract %491, %iterArg_61 : tensor<6xf64>
        %493 = stablehlo.compare LE, %492, %iterArg_62, FLOAT : (tensor<6xf64>, tensor<6xf64>) -> tensor<6xi1>
        %c_135 = stablehlo.constant dense<1> : tensor<i32>
        %494 = stablehlo.broadcast_in_dim %c_135, dims = [] : (tensor<i32>) -> tensor<6xi32>
        %495 = stablehlo.add %469, %494 : tensor<6xi32>
        %496 = func.call @_where(%493, %495, %469) : (tensor<6xi1>, tensor<6xi32>, tensor<6xi32>) -> tensor<6xi32>
        %497 = stablehlo.compare LE, %492, %iterArg_62, FLOAT : (tensor<6xf64>, tensor<6xf64>) -> tensor<6xi1>
        %498 = stablehlo.negate %iterArg_62 : tensor<6xf64>
        %499 = stablehlo.minimum %492, %498 : tensor<6xf64>
        %500 = func.call @_where_0(%497, %499, %492) : (tensor<6xi1>, tensor<6xf64>, tensor<6xf64>) -> tensor<6xf64>
        %c_136 = stablehlo.constant dense<10> : tensor<i64>
        %501 = stablehlo.add %iterArg_63, %c_136 : tensor<i64>
        %c_137 = stablehlo.constant dense<0> : tensor<i64>
        %502 = stablehlo.compare LT, %501, %c_137, SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
        %503 = stablehlo.convert %501 : tensor<i64>
        %c_138 = stablehlo.constant dense<6> : tensor<i64>
        %504 = stablehlo.add %503, %c_138 : tensor<i64>
        %505 = stablehlo.select %502, %504, %501 : tensor<i1>, tensor<i64>
        %506 = stablehlo.dynamic_slice %iterArg_59, %505, sizes = [1] : (tensor<6xf64>, tensor<i64>) -> tensor<1xf64>
        %507 = stablehlo.reshape %506 : (tensor<1xf64>) -> tensor<f64>
        %c_139 = stablehlo.constant dense<1> : tensor<i64>
        %508 = stablehlo.subtract %501, %c_139 : tensor<i64>
        %c_140 = stablehlo.constant dense<0> : tensor<i64>
        %509 = stablehlo.compare LT, %508, %c_140, SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
        %510 = stablehlo.convert %508 : tensor<i64>
        %c_141 = stablehlo.constant dense<5> : tensor<i64>
        %511 = stablehlo.add %510, %c_141 : tensor<i64>
        %512 = stablehlo.select %509, %511, %508 : tensor<i1>, tensor<i64>
        %513 = stablehlo.dynamic_slice %iterArg_60, %512, sizes = [1] : (tensor<5xf64>, tensor<i64>) -> tensor<1xf64>
        %514 = stablehlo.reshape %513 : (tensor<1xf64>) -> tensor<f64>
        %515 = stablehlo.broadcast_in_dim %514, dims = [] : (tensor<f64>) -> tensor<6xf64>
        %516 = stablehlo.divide %515, %500 : tensor<6xf64>
        %517 = stablehlo.broadcast_in_dim %507, dims = [] : (tensor<f64>) -> tensor<6xf64>
        %518 = stablehlo.subtract %517, %516 : tensor<6xf64>
        %519 = stablehlo.subtract %518, %iterArg_61 : tensor<6xf64>
        %520 = stablehlo.compare LE, %519, %iterArg_62, FLOAT : (tensor<6xf64>, tensor<6xf64>) -> tensor<6xi1>
        %c_142 = stablehlo.constant dense<1> : tensor<i32>
        %521 = stablehlo.broadcast_in_dim %c_142, dims = [] : (tensor<i32>) -> tensor<6xi32>
        %522 = stablehlo.add %496, %521 : tensor<6xi32>
        %523 = func.call @_where(%520, %522, %496) : (tensor<6xi1>, tensor<6xi32>, tensor<6xi32>) -> tensor<6xi32>
        %524 = stablehlo.compare LE, %519, %iterArg_62, FLOAT : (tensor<6xf64>, tensor<6xf64>) -> tensor<6xi1>
        %525 = stablehlo.negate %iterArg_62 : tensor<6xf64>
        %526 = stablehlo.minimum %519, %525 : tensor<6xf64>
        %527 = func.call @_where_0(%524, %526, %519) : (tensor<6xi1>, tensor<6xf64>, tensor<6xf64>) -> tensor<6xf64>
        %c_143 = stablehlo.constant dense<11> : tensor<i64>
        %528 = stablehlo.add %iterArg_63, %c_143 : tensor<i64>
        %c_144 = stablehlo.constant dense<0> : tensor<i64>
        %529 = stablehlo.compare LT, %528, %c_144, SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
        %530 = stablehlo.convert %528 : tensor<i64>
        %c_145 = stablehlo.constant dense<6> : tensor<i64>
        %531 = stablehlo.add %530, %c_145 : tensor<i64>
        %532 = stablehlo.select %529, %531, %528 : tensor<i1>, tensor<i64>
        %533 = stablehlo.dynamic_slice %iterArg_59, %532, sizes = [1] : (tensor<6xf64>, tensor<i64>) -> tensor<1xf64>
        %534 = stablehlo.reshape %533 : (tensor<1xf64>) -> tensor<f64>
        %c_146 = stablehlo.constant dense<1> : tensor<i64>
        %535 = stablehlo.subtract %528, %c_146 : tensor<i64>
        %c_147 = stablehlo.constant dense<0> : tensor<i64>
        %536 = stablehlo.compare LT, %535, %c_147, SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
        %537 = stablehlo.convert %535 : tensor<i64>
        %c_148 = stablehlo.constant dense<5> : tensor<i64>
        %538 = stablehlo.add %537, %c_148 : tensor<i64>
        %539 = stablehlo.select %536, %538, %535 : tensor<i1>, tensor<i64>
        %540 = stablehlo.dynamic_slice %iterArg_60, %539, sizes = [1] : (tensor<5xf64>, tensor<i64>) -> tensor<1xf64>
        %541 = stablehlo.reshape %540 : (tensor<1xf64>) -> tensor<f64>
        %542 = stablehlo.broadcast_in_dim %541, dims = [] : (tensor<f64>) -> tensor<6xf64>
        %543 = stablehlo.divide %542, %527 : tensor<6xf64>
        %544 = stablehlo.broadcast_in_dim %534, dims = [] : (tensor<f64>) -> tensor<6xf64>
        %545 = stablehlo.subtract %544, %543 : tensor<6xf64>
        %546 = stablehlo.subtract %545, %iterArg_61 : tensor<6xf64>
        %547 = stablehlo.compare LE, %546, %iterArg_62, FLOAT : (tensor<6xf64>, tensor<6xf64>) -> tensor<6xi1>
        %c_149 = stablehlo.constant dense<1> : tensor<i32>
        %548 = stablehlo.broadcast_in_dim %c_149, dims = [] : (tensor<i32>) -> tensor<6xi32>
        %549 = stablehlo.add %523, %548 : tensor<6xi32>
        %550 = func.call @_where(%547, %549, %523) : (tensor<6xi1>, tensor<6xi32>, tensor<6xi32>) -> tensor<6xi32>
        %551 = stablehlo.compare LE, %546, %iterArg_62, FLOAT : (tensor<6xf64>, tensor<6xf64>) -> tensor<6xi1>
        %552 = stablehlo.negate %iterArg_62 : tensor<6xf64>
        %553 = stablehlo.minimum %546, %552 : tensor<6xf64>
        %554 = func.call @_where_0(%551, %553, %546) : (tensor<6xi1>, tensor<6xf64>, tensor<6xf64>) -> tensor<6xf64>
        %c_150 = stablehlo.constant dense<12> : tensor<i64>
        %555 = stablehlo.add %iterArg_63, %c_150 : tensor<i64>
        %c_151 = stablehlo.constant dense<0> : tensor<i64>
        %556 = stablehlo.compare LT, %555, %c_151, SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
        %557 = stablehlo.convert %555 : tensor<i64>
        %c_152 = stablehlo.constant dense<6> : tensor<i64>
        %558 = stablehlo.add %557, %c_152 : tensor<i64>
        %559 = stablehlo.select %556, %558, %555 : tensor<i1>, tensor<i64>
        %560 = stablehlo.dynamic_slice %iterArg_59, %559, sizes = [1] : (tensor<6xf64>, tensor<i64>) -> tensor<1xf64>
        %561 = stablehlo.reshape %560 : (tensor<1xf64>) -> tensor<f64>
        %c_153 = stablehlo.constant dense<1> : tensor<i64>
        %562 = stablehlo.subtract %555, %c_153 : tensor<i64>
        %c_154 = stablehlo.constant dense<0> : tensor<i64>
        %563 = stablehlo.compare LT, %562, %c_154, SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
        %564 = stablehlo.convert %562 : tensor<i64>
        %c_155 = stablehlo.constant dense<5> : tensor<i64>
        %565 = stablehlo.add %564, %c_155 : tensor<i64>
        %566 = stablehlo.select %563, %565, %562 : tensor<i1>, tensor<i64>
        %567 = stablehlo.dynamic_slice %iterArg_60, %566, sizes = [1] : (tensor<5xf64>, tensor<i64>) -> tensor<1xf64>
        %568 = stablehlo.reshape %567 : (tensor<1xf64>) -> tensor<f64>
        %569 = stablehlo.broadcast_in_dim %568, dims = [] : (tensor<f64>) -> tensor<6xf64>
        %570 = stablehlo.divide %569, %554 : tensor<6xf64>
        %571 = stablehlo.broadcast_in_dim %561, dims = [] : (tensor<f64>) -> tensor<6xf64>
        %572 = stablehlo.subtract %571, %570 : tensor<6xf64>
        %573 = stablehlo.subtract %572, %iterArg_61 : tensor<6xf64>
        %574 = stablehlo.compare LE, %573, %iterArg_62, FLOAT : (tensor<6xf64>, tensor<6xf64>) -> tensor<6xi1>
        %c_156 = stablehlo.constant dense<1> : tensor<i32>
        %575 = stablehlo.broadcast_in_dim %c_156, dims = [] : (tensor<i32>) -> tensor<6xi32>
        %576 = stablehlo.add %550, %575 : tensor<6xi32>
        %577 = func.call @_where(%574, %576, %550) : (tensor<6xi1>, tensor<6xi32>, tensor<6xi32>) -> tensor<6xi32>
        %578 = stablehlo.compare LE, %573, %iterArg_62, FLOAT : (tensor<6xf64>, tensor<6xf64>) -> tensor<6xi1>
        %579 = stablehlo.negate %iterArg_62 : tensor<6xf64>
        %580 = stablehlo.minimum %573, %579 : tensor<6xf64>
        %581 = func.call @_where_0(%578, %580, %573) : (tensor<6xi1>, tensor<6xf64>, tensor<6xf64>) -> tensor<6xf64>
        %c_157 = stablehlo.constant dense<13> : tensor<i64>
        %582 = stablehlo.add %iterArg_63, %c_157 : tensor<i64>
        %c_158 = stablehlo.constant dense<0> : tensor<i64>
        %583 = stablehlo.compare LT, %582, %c_158, SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
        %584 = stablehlo.convert %582 : tensor<i64>
        %c_159 = stablehlo.constant dense<6> : tensor<i64>
        %585 = stablehlo.add %584, %c_159 : tensor<i64>
        %586 = stablehlo.select %583, %585, %582 : tensor<i1>, tensor<i64>
        %587 = stablehlo.dynamic_slice %iterArg_59, %586, sizes = [1] : (tensor<6xf64>, tensor<i64>) -> tensor<1xf64>
        %588 = stablehlo.reshape %587 : (tensor<1xf64>) -> tensor<f64>
        %c_160 = stablehlo.constant dense<1> : tensor<i64>
        %589 = stablehlo.subtract %582, %c_160 : tensor<i64>
        %c_161 = stablehlo.constant dense<0> : tensor<i64>
        %590 = stablehlo.compare LT, %589, %c_161, SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
        %591 = stablehlo.convert %589 : tensor<i64>
        %c_162 = stablehlo.constant dense<5> : tensor<i64>
        %592 = stablehlo.add %591, %c_162 : tensor<i64>
        %593 = stablehlo.select %590, %592, %589 : tensor<i1>, tensor<i64>
        %594 = stablehlo.dynamic_slice %iterArg_60, %593, sizes = [1] : (tensor<5xf64>, tensor<i64>) -> tensor<1xf64>
        %595 = stablehlo.reshape %594 : (tensor<1xf64>) -> tensor<f64>
        %596 = stablehlo.broadcast_in_dim %595, dims = [] : (tensor<f64>) -> tensor<6xf64>
        %597 = stablehlo.divide %596, %581 : tensor<6xf64>
        %598 = stablehlo.broadcast_in_dim %588, dims = [] : (tensor<f64>) -> tensor<6xf64>
        %599 = stablehlo.subtract %598, %597 : tensor<6xf64>
        %600 = stablehlo.subtract %599, %iterArg_61 : tensor<6xf64>
        %601 = stablehlo.compare LE, %600, %iterArg_62, FLOAT : (tensor<6xf64>, tensor<6xf64>) -> tensor<6xi1>
        %c_163 = stablehlo.constant dense<1> : tensor<i32>
        %602 = stablehlo.broadcast_in_dim %c_163, dims = [] : (tensor<i32>) -> tensor<6xi32>
        %603 = stablehlo.add %577, %602 : tensor<6xi32>
        %604 = func.call @_where(%601, %603, %577) : (tensor<6xi1>, tensor<6xi32>, tensor<6xi32>) -> tensor<6xi32>
        %605 = stablehlo.compare LE, %600, %iterArg_62, FLOAT : (tensor<6xf64>, tensor<6xf64>) -> tensor<6xi1>
        %606 = stablehlo.negate %iterArg_62 : tensor<6xf64>
        %607 = stablehlo.minimum %600, %606 : tensor<6xf64>
        %608 = func.call @_where_0(%605, %607, %600) : (tensor<6xi1>, tensor<6xf64>, tensor<6xf64>) -> tensor<6xf64>
        %c_164 = stablehlo.constant dense<14> : tensor<i64>
        %609 = stablehlo.add %iterArg_63, %c_164 : tensor<i64>
        %c_165 = stablehlo.constant dense<0> : tensor<i64>
        %610 = stablehlo.compare LT, %609, %c_165, SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
        %611 = stablehlo.convert %609 : tensor<i64>
        %c_166 = stablehlo.constant dense<6> : tensor<i64>
        %612 = stablehlo.add %611, %c_166 : tensor<i64>
        %613 = stablehlo.select %610, %612, %609 : tensor<i1>, tensor<i64>
        %614 = stablehlo.dynamic_slice %iterArg_59, %613, sizes = [1] : (tensor<6xf64>, tensor<i64>) -> tensor<1xf64>
        %615 = stablehlo.reshape %614 : (tensor<1xf64>) -> tensor<f64>
        %c_167 = stablehlo.constant dense<1> : tensor<i64>
        %616 = stablehlo.subtract %609, %c_167 : tensor<i64>
        %c_168 = stablehlo.constant dense<0> : tensor<i64>
        %617 = stablehlo.compare LT, %616, %c_168, SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
        %618 = stablehlo.convert %616 : tensor<i64>
        %c_169 = stablehlo.constant dense<5> : tensor<i64>
        %619 = stablehlo.add %618, %c_169 : tensor<i64>
        %620 = stablehlo.select %617, %619, %616 : tensor<i1>, tensor<i64>
        %621 = stablehlo.dynamic_slice %iterArg_60, %620, sizes = [1] : (tensor<5xf64>, tensor<i64>) -> tensor<1xf64>
        %622 = stablehlo.reshape %621 : (tensor<1xf64>) -> tensor<f64>
        %623 = stablehlo.broadcast_in_dim %622, dims = [] : (tensor<f64>) -> tensor<6xf64>
        %624 = stablehlo.divide %623, %608 : tensor<6xf64>
        %625 = stablehlo.broadcast_in_dim %615, dims = [] : (tensor<f64>) -> tensor<6xf64>
        %626 = stablehlo.subtract %625, %624 : tensor<6xf64>
        %627 = stablehlo.subtract %626, %iterArg_61 : tensor<6xf64>
        %628 = stablehlo.compare LE, %627, %iterArg_62, FLOAT : (tensor<6xf64>, tensor<6xf64>) -> tensor<6xi1>
        %c_170 = stablehlo.constant dense<1> : tensor<i32>
        %629 = stablehlo.broadcast_in_dim %c_170, dims = [] : (tensor<i32>) -> tensor<6xi32>
        %630 = stablehlo.add %604, %629 : tensor<6xi32>
        %631 = func.call @_where(%628, %630, %604) : (tensor<6xi1>, tensor<6xi32>, tensor<6xi32>) -> tensor<6xi32>
        %632 = stablehlo.compare LE, %627, %iterArg_62, FLOAT : (tensor<6xf64>, tensor<6xf64>) -> tensor<6xi1>
        %633 = stablehlo.negate %iterArg_62 : tensor<6xf64>
        %634 = stablehlo.minimum %627, %633 : tensor<6xf64>
        %635 = func.call @_where_0(%632, %634, %627) : (tensor<6xi1>, tensor<6xf64>, tensor<6xf64>) -> tensor<6xf64>
        %c_171 = stablehlo.constant dense<15> : tensor<i64>
        %636 = stablehlo.add %iterArg_63, %c_171 : tensor<i64>
        %c_172 = stablehlo.constant dense<0> : tensor<i64>
        %637 = stablehlo.compare LT, %636, %c_172, SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
        %638 = stablehlo.convert %636 : tensor<i64>
        %c_173 = stablehlo.constant dense<6> : tensor<i64>
        %639 = stablehlo.add %638, %c_173 : tensor<i64>
        %640 = stablehlo.select %637, %639, %636 : tensor<i1>, tensor<i64>
        %641 = stablehlo.dynamic_slice %iterArg_59, %640, sizes = [1] : (tensor<6xf64>, tensor<i64>) -> tensor<1xf64>
        %642 = stablehlo.reshape %641 : (tensor<1xf64>) -> tensor<f64>
        %c_174 = stablehlo.constant dense<1> : tensor<i64>
        %643 = stablehlo.subtract %636, %c_174 : tensor<i64>
        %c_175 = stablehlo.constant dense<0> : tensor<i64>
        %644 = stablehlo.compare LT, %643, %c_175, SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
        %645 = stablehlo.convert %643 : tensor<i64>
        %c_176 = stablehlo.constant dense<5> : tensor<i64>
        %646 = stablehlo.add %645, %c_176 : tensor<i64>
        %647 = stablehlo.select %644, %646, %643 : tensor<i1>, tensor<i64>
        %648 = stablehlo.dynamic_slice %iterArg_60, %647, sizes = [1] : (tensor<5xf64>, tensor<i64>) -> tensor<1xf64>
        %649 = stablehlo.reshape %648 : (tensor<1xf64>) -> tensor<f64>
        %650 = stablehlo.broadcast_in_dim %649, dims = [] : (tensor<f64>) -> tensor<6xf64>
        %651 = stablehlo.divide %650, %635 : tensor<6xf64>
        %652 = stablehlo.broadcast_in_dim %642, dims = [] : (tensor<f64>) -> tensor<6xf64>
        %653 = stablehlo.subtract %652, %651 : tensor<6xf64>
        %654 = stablehlo.subtract %653, %iterArg_61 : tensor<6xf64>
        %655 = stablehlo.compare LE, %654, %iterArg_62, FLOAT : (tensor<6xf64>, tensor<6xf64>) -> tensor<6xi1>
        %c_177 = stablehlo.constant dense<1> : tensor<i32>
        %656 = stablehlo.broadcast_in_dim %c_177, dims = [] : (tensor<i32>) -> tensor<6xi32>
        %657 = stablehlo.add %631, %656 : tensor<6xi32>
        %658 = func.call @_where(%655, %657, %631) : (tensor<6xi1>, tensor<6xi32>, tensor<6xi32>) -> tensor<6xi32>
        %659 = stablehlo.compare LE, %654, %iterArg_62, FLOAT : (tensor<6xf64>, tensor<6xf64>) -> tensor<6xi1>
        %660 = stablehlo.negate %iterArg_62 : tensor<6xf64>
        %661 = stablehlo.minimum %654, %660 : tensor<6xf64>
        %662 = func.call @_where_0(%659, %661, %654) : (tensor<6xi1>, tensor<6xf64>, tensor<6xf64>) -> tensor<6xf64>
        %c_178 = stablehlo.constant dense<16> : tensor<i64>
        %663 = stablehlo.add %iterArg_63, %c_178 : tensor<i64>
        stablehlo.return %iterArg_59, %iterArg_60, %iterArg_61, %iterArg_62, %663, %662, %658 : tensor<6xf64>, tensor<5xf64>, tensor<6xf64>, tensor<6xf64>, tensor<i64>, tensor<6xf64>, tensor<6xi32>
      }
      %223 = stablehlo.compare LE, %222#6, %iterArg_43, SIGNED : (tensor<6xi32>, tensor<6xi32>) -> tensor<6xi1>
      %224 = func.call @_where_0(%223, %iterArg_46, %iterArg_45) : (tensor<6xi1>, tensor<6xf64>, tensor<6xf64>) -> tensor<6xf64>
      %225 = stablehlo.compare GT, %222#6, %iterArg_43, SIGNED : (tensor<6xi32>, tensor<6xi32>) -> tensor<6xi1>
      %226 = func.call @_where_0(%225, %iterArg_46, %iterArg_47) : (tensor<6xi1>, tensor<6xf64>, tensor<6xf64>) -> tensor<6xf64>
      %227 = stablehlo.add %224, %226 : tensor<6xf64>
      %cst_57 = stablehlo.constant dense<5.000000e-01> : tensor<f64>
      %228 = stablehlo.broadcast_in_dim %cst_57, dims = [] : (tensor<f64>) -> tensor<6xf64>
      %229 = stablehlo.multiply %228, %227 : tensor<6xf64>
      %c_58 = stablehlo.constant dense<1> : tensor<i64>
      %230 = stablehlo.add %iterArg_44, %c_58 : tensor<i64>
      stablehlo.return %iterArg, %iterArg_39, %iterArg_40, %iterArg_41, %iterArg_42, %iterArg_43, %230, %224, %229, %226 : tensor<f64>, tensor<6xf64>, tensor<6xf64>, tensor<5xf64>, tensor<6xf64>, tensor<6xi32>, tensor<i64>, tensor<6xf64>, tensor<6xf64>, tensor<6xf64>
    }
    %c_15 = stablehlo.constant dense<0> : tensor<i64>
    %48 = call @_pad(%arg1, %c_15) : (tensor<5xf64>, tensor<i64>) -> tensor<6xf64>
    %c_16 = stablehlo.constant dense<0> : tensor<i64>
    %49 = call @_pad_1(%arg1, %c_16) : (tensor<5xf64>, tensor<i64>) -> tensor<6xf64>
    %50 = stablehlo.slice %47#8 [1:6] : (tensor<6xf64>) -> tensor<5xf64>
    %51 = stablehlo.slice %47#8 [0:5] : (tensor<6xf64>) -> tensor<5xf64>
    %52 = stablehlo.subtract %50, %51 : tensor<5xf64>
    %53 = stablehlo.slice %47#8 [0:1] : (tensor<6xf64>) -> tensor<1xf64>
    %54 = stablehlo.reshape %53 : (tensor<1xf64>) -> tensor<f64>
    %55 = stablehlo.abs %54 : tensor<f64>
    %56 = stablehlo.slice %47#8 [5:6] : (tensor<6xf64>) -> tensor<1xf64>
    %57 = stablehlo.reshape %56 : (tensor<1xf64>) -> tensor<f64>
    %58 = stablehlo.abs %57 : tensor<f64>
    %59 = stablehlo.maximum %55, %58 : tensor<f64>
    %cst_17 = stablehlo.constant dense<2.2204460492503131E-16> : tensor<f64>
    %60 = stablehlo.sqrt %cst_17 : tensor<f64>
    %61 = stablehlo.multiply %60, %59 : tensor<f64>
    %62 = stablehlo.broadcast_in_dim %61, dims = [] : (tensor<f64>) -> tensor<5xf64>
    %63 = stablehlo.compare LT, %52, %62, FLOAT : (tensor<5xf64>, tensor<5xf64>) -> tensor<5xi1>
    %c_18 = stablehlo.constant dense<false> : tensor<i1>
    %64 = call @_pad_2(%63, %c_18) : (tensor<5xi1>, tensor<i1>) -> tensor<6xi1>
    %c_19 = stablehlo.constant dense<false> : tensor<i1>
    %65 = call @_pad_3(%63, %c_19) : (tensor<5xi1>, tensor<i1>) -> tensor<6xi1>
    %66 = stablehlo.not %64 : tensor<6xi1>
    %67 = stablehlo.and %66, %65 : tensor<6xi1>
    %68 = stablehlo.not %65 : tensor<6xi1>
    %69 = stablehlo.and %64, %68 : tensor<6xi1>
    %70 = call @cumsum(%67) : (tensor<6xi1>) -> tensor<6xi64>
    %c_20 = stablehlo.constant dense<0> : tensor<i64>
    %71 = stablehlo.broadcast_in_dim %c_20, dims = [] : (tensor<i64>) -> tensor<4xi64>
    %c_21 = stablehlo.constant dense<0> : tensor<i64>
    %72 = call @clip(%70, %c_21) : (tensor<6xi64>, tensor<i64>) -> tensor<6xi64>
    %c_22 = stablehlo.constant dense<0> : tensor<i64>
    %73 = stablehlo.broadcast_in_dim %c_22, dims = [] : (tensor<i64>) -> tensor<6xi64>
    %74 = stablehlo.compare LT, %72, %73, SIGNED : (tensor<6xi64>, tensor<6xi64>) -> tensor<6xi1>
    %c_23 = stablehlo.constant dense<4> : tensor<i64>
    %75 = stablehlo.broadcast_in_dim %c_23, dims = [] : (tensor<i64>) -> tensor<6xi64>
    %76 = stablehlo.add %72, %75 : tensor<6xi64>
    %77 = stablehlo.select %74, %76, %72 : tensor<6xi1>, tensor<6xi64>
    %78 = stablehlo.convert %77 : (tensor<6xi64>) -> tensor<6xi32>
    %79 = stablehlo.broadcast_in_dim %78, dims = [0] : (tensor<6xi32>) -> tensor<6x1xi32>
    %c_24 = stablehlo.constant dense<1> : tensor<i64>
    %80 = stablehlo.broadcast_in_dim %c_24, dims = [] : (tensor<i64>) -> tensor<6xi64>
    %81 = "stablehlo.scatter"(%71, %79, %80) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, unique_indices = false}> ({
    ^bb0(%arg2: tensor<i64>, %arg3: tensor<i64>):
      %123 = stablehlo.add %arg2, %arg3 : tensor<i64>
      stablehlo.return %123 : tensor<i64>
    }) : (tensor<4xi64>, tensor<6x1xi32>, tensor<6xi64>) -> tensor<4xi64>
    %82 = call @cumsum_5(%81) : (tensor<4xi64>) -> tensor<4xi64>
    %c_25 = stablehlo.constant dense<1> : tensor<i64>
    %83 = call @floor_divide(%82, %c_25) : (tensor<4xi64>, tensor<i64>) -> tensor<4xi64>
    %c_26 = stablehlo.constant dense<6> : tensor<i64>
    %84 = call @remainder(%83, %c_26) : (tensor<4xi64>, tensor<i64>) -> tensor<4xi64>
    %85 = call @cumsum(%69) : (tensor<6xi1>) -> tensor<6xi64>
    %c_27 = stablehlo.constant dense<0> : tensor<i64>
    %86 = stablehlo.broadcast_in_dim %c_27, dims = [] : (tensor<i64>) -> tensor<4xi64>
    %c_28 = stablehlo.constant dense<0> : tensor<i64>
    %87 = call @clip(%85, %c_28) : (tensor<6xi64>, tensor<i64>) -> tensor<6xi64>
    %c_29 = stablehlo.constant dense<0> : tensor<i64>
    %88 = stablehlo.broadcast_in_dim %c_29, dims = [] : (tensor<i64>) -> tensor<6xi64>
    %89 = stablehlo.compare LT, %87, %88, SIGNED : (tensor<6xi64>, tensor<6xi64>) -> tensor<6xi1>
    %c_30 = stablehlo.constant dense<4> : tensor<i64>
    %90 = stablehlo.broadcast_in_dim %c_30, dims = [] : (tensor<i64>) -> tensor<6xi64>
    %91 = stablehlo.add %87, %90 : tensor<6xi64>
    %92 = stablehlo.select %89, %91, %87 : tensor<6xi1>, tensor<6xi64>
    %93 = stablehlo.convert %92 : (tensor<6xi64>) -> tensor<6xi32>
    %94 = stablehlo.broadcast_in_dim %93, dims = [0] : (tensor<6xi32>) -> tensor<6x1xi32>
    %c_31 = stablehlo.constant dense<1> : tensor<i64>
    %95 = stablehlo.broadcast_in_dim %c_31, dims = [] : (tensor<i64>) -> tensor<6xi64>
    %96 = "stablehlo.scatter"(%86, %94, %95) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, unique_indices = false}> ({
    ^bb0(%arg2: tensor<i64>, %arg3: tensor<i64>):
      %123 = stablehlo.add %arg2, %arg3 : tensor<i64>
      stablehlo.return %123 : tensor<i64>
    }) : (tensor<4xi64>, tensor<6x1xi32>, tensor<6xi64>) -> tensor<4xi64>
    %97 = call @cumsum_5(%96) : (tensor<4xi64>) -> tensor<4xi64>
    %c_32 = stablehlo.constant dense<1> : tensor<i64>
    %98 = call @floor_divide(%97, %c_32) : (tensor<4xi64>, tensor<i64>) -> tensor<4xi64>
    %c_33 = stablehlo.constant dense<6> : tensor<i64>
    %99 = call @remainder(%98, %c_33) : (tensor<4xi64>, tensor<i64>) -> tensor<4xi64>
    %c_34 = stablehlo.constant dense<1> : tensor<i64>
    %100 = stablehlo.broadcast_in_dim %c_34, dims = [] : (tensor<i64>) -> tensor<4xi64>
    %101 = stablehlo.add %99, %100 : tensor<4xi64>
    %102 = stablehlo.convert %67 : (tensor<6xi1>) -> tensor<6xi32>
    %103 = stablehlo.convert %102 : (tensor<6xi32>) -> tensor<6xi64>
    %c_35 = stablehlo.constant dense<0> : tensor<i64>
    %104 = stablehlo.reduce(%103 init: %c_35) applies stablehlo.add across dimensions = [0] : (tensor<6xi64>, tensor<i64>) -> tensor<i64>
    %105 = stablehlo.iota dim = 0 : tensor<6xi64>
    %106 = call @_normal(%6) : (tensor<2xui32>) -> tensor<6x6xf64>
    %107 = call @norm(%106) : (tensor<6x6xf64>) -> tensor<6x1xf64>
    %108 = stablehlo.broadcast_in_dim %107, dims = [0, 1] : (tensor<6x1xf64>) -> tensor<6x6xf64>
    %109 = stablehlo.divide %106, %108 : tensor<6x6xf64>
    %110 = stablehlo.broadcast_in_dim %arg0, dims = [1] : (tensor<6xf64>) -> tensor<1x6xf64>
    %111 = stablehlo.broadcast_in_dim %47#8, dims = [0] : (tensor<6xf64>) -> tensor<6x1xf64>
    %112 = stablehlo.broadcast_in_dim %110, dims = [0, 1] : (tensor<1x6xf64>) -> tensor<6x6xf64>
    %113 = stablehlo.broadcast_in_dim %111, dims = [0, 1] : (tensor<6x1xf64>) -> tensor<6x6xf64>
    %114 = stablehlo.subtract %112, %113 : tensor<6x6xf64>
    %115 = stablehlo.broadcast_in_dim %48, dims = [1] : (tensor<6xf64>) -> tensor<1x6xf64>
    %116 = stablehlo.broadcast_in_dim %115, dims = [0, 1] : (tensor<1x6xf64>) -> tensor<6x6xf64>
    %117 = stablehlo.broadcast_in_dim %49, dims = [1] : (tensor<6xf64>) -> tensor<1x6xf64>
    %118 = stablehlo.broadcast_in_dim %117, dims = [0, 1] : (tensor<1x6xf64>) -> tensor<6x6xf64>
    %cst_36 = stablehlo.constant dense<1.000000e+00> : tensor<f64>
    %119 = stablehlo.broadcast_in_dim %cst_36, dims = [] : (tensor<f64>) -> tensor<6xf64>
    %cst_37 = stablehlo.constant dense<0.000000e+00> : tensor<f64>
    %120 = stablehlo.broadcast_in_dim %cst_37, dims = [] : (tensor<f64>) -> tensor<6xf64>
    %c_38 = stablehlo.constant dense<0> : tensor<i64>
    %121:11 = stablehlo.while(%iterArg = %116, %iterArg_39 = %114, %iterArg_40 = %118, %iterArg_41 = %84, %iterArg_42 = %101, %iterArg_43 = %105, %iterArg_44 = %104, %iterArg_45 = %c_38, %iterArg_46 = %109, %iterArg_47 = %119, %iterArg_48 = %120) : tensor<6x6xf64>, tensor<6x6xf64>, tensor<6x6xf64>, tensor<4xi64>, tensor<4xi64>, tensor<6xi64>, tensor<i64>, tensor<i64>, tensor<6x6xf64>, tensor<6xf64>, tensor<6xf64>
    cond {
      %c_49 = stablehlo.constant dense<5> : tensor<i64>
      %123 = stablehlo.compare LT, %iterArg_45, %c_49, SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
      %cst_50 = stablehlo.constant dense<1.100000e+00> : tensor<f64>
      %124 = stablehlo.broadcast_in_dim %cst_50, dims = [] : (tensor<f64>) -> tensor<6xf64>
      %125 = stablehlo.multiply %124, %iterArg_48 : tensor<6xf64>
      %126 = stablehlo.compare GE, %iterArg_47, %125, FLOAT : (tensor<6xf64>, tensor<6xf64>) -> tensor<6xi1>
      %c_51 = stablehlo.constant dense<false> : tensor<i1>
      %127 = stablehlo.reduce(%126 init: %c_51) applies stablehlo.or across dimensions = [0] : (tensor<6xi1>, tensor<i1>) -> tensor<i1>
      %c_52 = stablehlo.constant dense<false> : tensor<i1>
      %128 = stablehlo.broadcast_in_dim %c_52, dims = [] : (tensor<i1>) -> tensor<i1>
      %129 = stablehlo.compare NE, %123, %128, UNSIGNED : (tensor<i1>, tensor<i1>) -> tensor<i1>
      %130 = stablehlo.convert %129 : tensor<i1>
      %131 = stablehlo.and %130, %127 : tensor<i1>
      stablehlo.return %131 : tensor<i1>
    } do {
      %123 = stablehlo.broadcast_in_dim %iterArg_46, dims = [0, 1] : (tensor<6x6xf64>) -> tensor<6x6x1xf64>
      %124 = stablehlo.custom_call @tridiagonal_solve_perturbed_ffi(%iterArg, %iterArg_39, %iterArg_40, %123) {backend_config = "", mhlo.backend_config = {}, mhlo.frontend_attributes = {num_batch_dims = "1"}, operand_layouts = [dense<[1, 0]> : tensor<2xindex>, dense<[1, 0]> : tensor<2xindex>, dense<[1, 0]> : tensor<2xindex>, dense<[1, 2, 0]> : tensor<3xindex>], result_layouts = [dense<[1, 2, 0]> : tensor<3xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, k], [i, l], [i, m, n])->([i, o, p]) {i=6, j=6, k=6, l=6, m=6, n=1, o=6, p=1}, custom>} : (tensor<6x6xf64>, tensor<6x6xf64>, tensor<6x6xf64>, tensor<6x6x1xf64>) -> tensor<6x6x1xf64>
      %125 = stablehlo.reshape %124 : (tensor<6x6x1xf64>) -> tensor<6x6xf64>
      %126 = func.call @norm_9(%125) : (tensor<6x6xf64>) -> tensor<6x1xf64>
      %127 = stablehlo.broadcast_in_dim %126, dims = [0, 1] : (tensor<6x1xf64>) -> tensor<6x6xf64>
      %128 = stablehlo.divide %125, %127 : tensor<6x6xf64>
      %129 = stablehlo.reshape %126 : (tensor<6x1xf64>) -> tensor<6xf64>
      %c_49 = stablehlo.constant dense<0> : tensor<i64>
      %130:6 = stablehlo.while(%iterArg_51 = %iterArg_41, %iterArg_52 = %iterArg_42, %iterArg_53 = %iterArg_43, %iterArg_54 = %c_49, %iterArg_55 = %iterArg_44, %iterArg_56 = %128) : tensor<4xi64>, tensor<4xi64>, tensor<6xi64>, tensor<i64>, tensor<i64>, tensor<6x6xf64>
      cond {
        %132 = stablehlo.compare LT, %iterArg_54, %iterArg_55, SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
        stablehlo.return %132 : tensor<i1>
      } do {
        %c_57 = stablehlo.constant dense<1> : tensor<i64>
        %132 = stablehlo.add %iterArg_54, %c_57 : tensor<i64>
        %c_58 = stablehlo.constant dense<0> : tensor<i64>
        %133 = stablehlo.compare LT, %iterArg_54, %c_58, SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
        %134 = stablehlo.convert %iterArg_54 : tensor<i64>
        %c_59 = stablehlo.constant dense<4> : tensor<i64>
        %135 = stablehlo.add %134, %c_59 : tensor<i64>
        %136 = stablehlo.select %133, %135, %iterArg_54 : tensor<i1>, tensor<i64>
        %137 = stablehlo.dynamic_slice %iterArg_51, %136, sizes = [1] : (tensor<4xi64>, tensor<i64>) -> tensor<1xi64>
        %138 = stablehlo.reshape %137 : (tensor<1xi64>) -> tensor<i64>
        %c_60 = stablehlo.constant dense<0> : tensor<i64>
        %139 = stablehlo.compare LT, %iterArg_54, %c_60, SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
        %140 = stablehlo.convert %iterArg_54 : tensor<i64>
        %c_61 = stablehlo.constant dense<4> : tensor<i64>
        %141 = stablehlo.add %140, %c_61 : tensor<i64>
        %142 = stablehlo.select %139, %141, %iterArg_54 : tensor<i1>, tensor<i64>
        %143 = stablehlo.dynamic_slice %iterArg_52, %142, sizes = [1] : (tensor<4xi64>, tensor<i64>) -> tensor<1xi64>
        %144 = stablehlo.reshape %143 : (tensor<1xi64>) -> tensor<i64>
        %145 = stablehlo.subtract %144, %138 : tensor<i64>
        %c_62 = stablehlo.constant dense<0> : tensor<i64>
        %146 = func.call @_pad_10(%iterArg_56, %c_62) : (tensor<6x6xf64>, tensor<i64>) -> tensor<12x6xf64>
        %c_63 = stablehlo.constant dense<0> : tensor<i64>
        %147 = stablehlo.compare LT, %138, %c_63, SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
        %c_64 = stablehlo.constant dense<12> : tensor<i64>
        %148 = stablehlo.add %138, %c_64 : tensor<i64>
        %149 = stablehlo.select %147, %148, %138 : tensor<i1>, tensor<i64>
        %c_65 = stablehlo.constant dense<0> : tensor<i64>
        %150 = stablehlo.dynamic_slice %146, %149, %c_65, sizes = [6, 6] : (tensor<12x6xf64>, tensor<i64>, tensor<i64>) -> tensor<6x6xf64>
        %151 = stablehlo.broadcast_in_dim %145, dims = [] : (tensor<i64>) -> tensor<6xi64>
        %152 = stablehlo.compare LT, %iterArg_53, %151, SIGNED : (tensor<6xi64>, tensor<6xi64>) -> tensor<6xi1>
        %153 = stablehlo.convert %152 : (tensor<6xi1>) -> tensor<6xf64>
        %154 = stablehlo.broadcast_in_dim %153, dims = [0] : (tensor<6xf64>) -> tensor<6x1xf64>
        %155 = stablehlo.broadcast_in_dim %154, dims = [0, 1] : (tensor<6x1xf64>) -> tensor<6x6xf64>
        %156 = stablehlo.multiply %150, %155 : tensor<6x6xf64>
        %157 = stablehlo.transpose %156, dims = [1, 0] : (tensor<6x6xf64>) -> tensor<6x6xf64>
        %158:2 = func.call @qr(%157) : (tensor<6x6xf64>) -> (tensor<6x6xf64>, tensor<6x6xf64>)
        %159 = stablehlo.transpose %158#0, dims = [1, 0] : (tensor<6x6xf64>) -> tensor<6x6xf64>
        %160 = stablehlo.broadcast_in_dim %153, dims = [0] : (tensor<6xf64>) -> tensor<6x1xf64>
        %161 = stablehlo.broadcast_in_dim %160, dims = [0, 1] : (tensor<6x1xf64>) -> tensor<6x6xf64>
        %162 = stablehlo.multiply %159, %161 : tensor<6x6xf64>
        %cst_66 = stablehlo.constant dense<0.000000e+00> : tensor<f64>
        %163 = stablehlo.broadcast_in_dim %cst_66, dims = [] : (tensor<f64>) -> tensor<12x6xf64>
        %c_67 = stablehlo.constant dense<0> : tensor<i64>
        %164 = stablehlo.compare LT, %138, %c_67, SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
        %c_68 = stablehlo.constant dense<12> : tensor<i64>
        %165 = stablehlo.add %138, %c_68 : tensor<i64>
        %166 = stablehlo.select %164, %165, %138 : tensor<i1>, tensor<i64>
        %c_69 = stablehlo.constant dense<0> : tensor<i64>
        %167 = stablehlo.dynamic_update_slice %163, %162, %166, %c_69 : (tensor<12x6xf64>, tensor<6x6xf64>, tensor<i64>, tensor<i64>) -> tensor<12x6xf64>
        %168 = stablehlo.slice %167 [0:6, 0:6] : (tensor<12x6xf64>) -> tensor<6x6xf64>
        %169 = stablehlo.broadcast_in_dim %138, dims = [] : (tensor<i64>) -> tensor<6xi64>
        %170 = stablehlo.compare GE, %iterArg_53, %169, SIGNED : (tensor<6xi64>, tensor<6xi64>) -> tensor<6xi1>
        %171 = stablehlo.broadcast_in_dim %144, dims = [] : (tensor<i64>) -> tensor<6xi64>
        %172 = stablehlo.compare LT, %iterArg_53, %171, SIGNED : (tensor<6xi64>, tensor<6xi64>) -> tensor<6xi1>
        %173 = stablehlo.and %170, %172 : tensor<6xi1>
        %174 = stablehlo.broadcast_in_dim %173, dims = [0] : (tensor<6xi1>) -> tensor<6x1xi1>
        %175 = func.call @_where_11(%174, %168, %iterArg_56) : (tensor<6x1xi1>, tensor<6x6xf64>, tensor<6x6xf64>) -> tensor<6x6xf64>
        stablehlo.return %iterArg_51, %iterArg_52, %iterArg_53, %132, %iterArg_55, %175 : tensor<4xi64>, tensor<4xi64>, tensor<6xi64>, tensor<i64>, tensor<i64>, tensor<6x6xf64>
      }
      %c_50 = stablehlo.constant dense<1> : tensor<i64>
      %131 = stablehlo.add %iterArg_45, %c_50 : tensor<i64>
      stablehlo.return %iterArg, %iterArg_39, %iterArg_40, %iterArg_41, %iterArg_42, %iterArg_43, %iterArg_44, %131, %130#5, %129, %iterArg_47 : tensor<6x6xf64>, tensor<6x6xf64>, tensor<6x6xf64>, tensor<4xi64>, tensor<4xi64>, tensor<6xi64>, tensor<i64>, tensor<i64>, tensor<6x6xf64>, tensor<6xf64>, tensor<6xf64>
    }
    %122 = stablehlo.transpose %121#8, dims = [1, 0] : (tensor<6x6xf64>) -> tensor<6x6xf64>
    return %47#8, %122 : tensor<6xf64>, tensor<6x6xf64>
  }
  func.func private @_where(%arg0: tensor<6xi1>, %arg1: tensor<6xi32>, %arg2: tensor<6xi32>) -> tensor<6xi32> {
    %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<6xi1>, tensor<6xi32>
    return %0 : tensor<6xi32>
  }
  func.func private @_where_0(%arg0: tensor<6xi1>, %arg1: tensor<6xf64>, %arg2: tensor<6xf64>) -> tensor<6xf64> {
    %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<6xi1>, tensor<6xf64>
    return %0 : tensor<6xf64>
  }
  func.func private @_pad(%arg0: tensor<5xf64>, %arg1: tensor<i64>) -> tensor<6xf64> {
    %0 = stablehlo.convert %arg1 : (tensor<i64>) -> tensor<f64>
    %1 = stablehlo.pad %arg0, %0, low = [1], high = [0], interior = [0] : (tensor<5xf64>, tensor<f64>) -> tensor<6xf64>
    return %1 : tensor<6xf64>
  }
  func.func private @_pad_1(%arg0: tensor<5xf64>, %arg1: tensor<i64>) -> tensor<6xf64> {
    %0 = stablehlo.convert %arg1 : (tensor<i64>) -> tensor<f64>
    %1 = stablehlo.pad %arg0, %0, low = [0], high = [1], interior = [0] : (tensor<5xf64>, tensor<f64>) -> tensor<6xf64>
    return %1 : tensor<6xf64>
  }
  func.func private @_pad_2(%arg0: tensor<5xi1>, %arg1: tensor<i1>) -> tensor<6xi1> {
    %0 = stablehlo.pad %arg0, %arg1, low = [1], high = [0], interior = [0] : (tensor<5xi1>, tensor<i1>) -> tensor<6xi1>
    return %0 : tensor<6xi1>
  }
  func.func private @_pad_3(%arg0: tensor<5xi1>, %arg1: tensor<i1>) -> tensor<6xi1> {
    %0 = stablehlo.pad %arg0, %arg1, low = [0], high = [1], interior = [0] : (tensor<5xi1>, tensor<i1>) -> tensor<6xi1>
    return %0 : tensor<6xi1>
  }
  func.func private @cumsum(%arg0: tensor<6xi1>) -> tensor<6xi64> {
    %0 = stablehlo.convert %arg0 : (tensor<6xi1>) -> tensor<6xi64>
    %1 = call @cumsum_4(%0) : (tensor<6xi64>) -> tensor<6xi64>
    return %1 : tensor<6xi64>
  }
  func.func private @cumsum_4(%arg0: tensor<6xi64>) -> tensor<6xi64> {
    %c = stablehlo.constant dense<0> : tensor<i64>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i64>) -> tensor<i64>
    %1 = "stablehlo.reduce_window"(%arg0, %0) <{base_dilations = array<i64: 1>, padding = dense<[[5, 0]]> : tensor<1x2xi64>, window_dilations = array<i64: 1>, window_dimensions = array<i64: 6>, window_strides = array<i64: 1>}> ({
    ^bb0(%arg1: tensor<i64>, %arg2: tensor<i64>):
      %2 = stablehlo.add %arg1, %arg2 : tensor<i64>
      stablehlo.return %2 : tensor<i64>
    }) : (tensor<6xi64>, tensor<i64>) -> tensor<6xi64>
    return %1 : tensor<6xi64>
  }
  func.func private @clip(%arg0: tensor<6xi64>, %arg1: tensor<i64>) -> tensor<6xi64> {
    %0 = stablehlo.convert %arg1 : tensor<i64>
    %1 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<i64>) -> tensor<6xi64>
    %2 = stablehlo.maximum %1, %arg0 : tensor<6xi64>
    return %2 : tensor<6xi64>
  }
  func.func private @cumsum_5(%arg0: tensor<4xi64>) -> tensor<4xi64> {
    %0 = call @cumsum_6(%arg0) : (tensor<4xi64>) -> tensor<4xi64>
    return %0 : tensor<4xi64>
  }
  func.func private @cumsum_6(%arg0: tensor<4xi64>) -> tensor<4xi64> {
    %c = stablehlo.constant dense<0> : tensor<i64>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i64>) -> tensor<i64>
    %1 = "stablehlo.reduce_window"(%arg0, %0) <{base_dilations = array<i64: 1>, padding = dense<[[3, 0]]> : tensor<1x2xi64>, window_dilations = array<i64: 1>, window_dimensions = array<i64: 4>, window_strides = array<i64: 1>}> ({
    ^bb0(%arg1: tensor<i64>, %arg2: tensor<i64>):
      %2 = stablehlo.add %arg1, %arg2 : tensor<i64>
      stablehlo.return %2 : tensor<i64>
    }) : (tensor<4xi64>, tensor<i64>) -> tensor<4xi64>
    return %1 : tensor<4xi64>
  }
  func.func private @floor_divide(%arg0: tensor<4xi64>, %arg1: tensor<i64>) -> tensor<4xi64> {
    %0 = stablehlo.broadcast_in_dim %arg1, dims = [] : (tensor<i64>) -> tensor<4xi64>
    %1 = stablehlo.divide %arg0, %0 : tensor<4xi64>
    %2 = stablehlo.sign %arg0 : tensor<4xi64>
    %3 = stablehlo.sign %arg1 : tensor<i64>
    %4 = stablehlo.broadcast_in_dim %3, dims = [] : (tensor<i64>) -> tensor<4xi64>
    %5 = stablehlo.compare NE, %2, %4, SIGNED : (tensor<4xi64>, tensor<4xi64>) -> tensor<4xi1>
    %6 = stablehlo.broadcast_in_dim %arg1, dims = [] : (tensor<i64>) -> tensor<4xi64>
    %7 = stablehlo.remainder %arg0, %6 : tensor<4xi64>
    %c = stablehlo.constant dense<0> : tensor<i64>
    %8 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i64>) -> tensor<4xi64>
    %9 = stablehlo.compare NE, %7, %8, SIGNED : (tensor<4xi64>, tensor<4xi64>) -> tensor<4xi1>
    %10 = stablehlo.and %5, %9 : tensor<4xi1>
    %c_0 = stablehlo.constant dense<1> : tensor<i64>
    %11 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i64>) -> tensor<4xi64>
    %12 = stablehlo.subtract %1, %11 : tensor<4xi64>
    %13 = call @_where_7(%10, %12, %1) : (tensor<4xi1>, tensor<4xi64>, tensor<4xi64>) -> tensor<4xi64>
    return %13 : tensor<4xi64>
  }
  func.func private @_where_7(%arg0: tensor<4xi1>, %arg1: tensor<4xi64>, %arg2: tensor<4xi64>) -> tensor<4xi64> {
    %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<4xi1>, tensor<4xi64>
    return %0 : tensor<4xi64>
  }
  func.func private @remainder(%arg0: tensor<4xi64>, %arg1: tensor<i64>) -> tensor<4xi64> {
    %0 = stablehlo.convert %arg1 : tensor<i64>
    %c = stablehlo.constant dense<0> : tensor<i64>
    %1 = stablehlo.compare EQ, %0, %c, SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
    %c_0 = stablehlo.constant dense<1> : tensor<i64>
    %2 = call @_where_8(%1, %c_0, %0) : (tensor<i1>, tensor<i64>, tensor<i64>) -> tensor<i64>
    %3 = stablehlo.broadcast_in_dim %2, dims = [] : (tensor<i64>) -> tensor<4xi64>
    %4 = stablehlo.remainder %arg0, %3 : tensor<4xi64>
    %c_1 = stablehlo.constant dense<0> : tensor<i64>
    %5 = stablehlo.broadcast_in_dim %c_1, dims = [] : (tensor<i64>) -> tensor<4xi64>
    %6 = stablehlo.compare NE, %4, %5, SIGNED : (tensor<4xi64>, tensor<4xi64>) -> tensor<4xi1>
    %c_2 = stablehlo.constant dense<0> : tensor<i64>
    %7 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<i64>) -> tensor<4xi64>
    %8 = stablehlo.compare LT, %4, %7, SIGNED : (tensor<4xi64>, tensor<4xi64>) -> tensor<4xi1>
    %c_3 = stablehlo.constant dense<0> : tensor<i64>
    %9 = stablehlo.compare LT, %2, %c_3, SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
    %10 = stablehlo.broadcast_in_dim %9, dims = [] : (tensor<i1>) -> tensor<4xi1>
    %11 = stablehlo.compare NE, %8, %10, UNSIGNED : (tensor<4xi1>, tensor<4xi1>) -> tensor<4xi1>
    %12 = stablehlo.and %11, %6 : tensor<4xi1>
    %13 = stablehlo.broadcast_in_dim %2, dims = [] : (tensor<i64>) -> tensor<4xi64>
    %14 = stablehlo.add %4, %13 : tensor<4xi64>
    %15 = stablehlo.select %12, %14, %4 : tensor<4xi1>, tensor<4xi64>
    return %15 : tensor<4xi64>
  }
  func.func private @_where_8(%arg0: tensor<i1>, %arg1: tensor<i64>, %arg2: tensor<i64>) -> tensor<i64> {
    %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<i1>, tensor<i64>
    return %0 : tensor<i64>
  }
  func.func private @_normal(%arg0: tensor<2xui32>) -> tensor<6x6xf64> {
    %0 = call @_normal_real(%arg0) : (tensor<2xui32>) -> tensor<6x6xf64>
    return %0 : tensor<6x6xf64>
  }
  func.func private @_normal_real(%arg0: tensor<2xui32>) -> tensor<6x6xf64> {
    %cst = stablehlo.constant dense<-0.99999999999999988> : tensor<f64>
    %cst_0 = stablehlo.constant dense<1.000000e+00> : tensor<f64>
    %0 = call @_uniform(%arg0, %cst, %cst_0) : (tensor<2xui32>, tensor<f64>, tensor<f64>) -> tensor<6x6xf64>
    %1 = chlo.erf_inv %0 : tensor<6x6xf64> -> tensor<6x6xf64>
    %cst_1 = stablehlo.constant dense<1.4142135623730951> : tensor<f64>
    %2 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f64>) -> tensor<6x6xf64>
    %3 = stablehlo.multiply %2, %1 : tensor<6x6xf64>
    return %3 : tensor<6x6xf64>
  }
  func.func private @_uniform(%arg0: tensor<2xui32>, %arg1: tensor<f64>, %arg2: tensor<f64>) -> tensor<6x6xf64> {
    %0 = stablehlo.broadcast_in_dim %arg1, dims = [] : (tensor<f64>) -> tensor<1x1xf64>
    %1 = stablehlo.broadcast_in_dim %arg2, dims = [] : (tensor<f64>) -> tensor<1x1xf64>
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
    %18 = stablehlo.convert %17#0 : (tensor<6x6xui32>) -> tensor<6x6xui64>
    %19 = stablehlo.convert %17#1 : (tensor<6x6xui32>) -> tensor<6x6xui64>
    %c_2 = stablehlo.constant dense<32> : tensor<ui64>
    %20 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<ui64>) -> tensor<6x6xui64>
    %21 = stablehlo.shift_left %18, %20 : tensor<6x6xui64>
    %22 = stablehlo.or %21, %19 : tensor<6x6xui64>
    %c_3 = stablehlo.constant dense<12> : tensor<ui64>
    %23 = stablehlo.broadcast_in_dim %c_3, dims = [] : (tensor<ui64>) -> tensor<6x6xui64>
    %24 = stablehlo.shift_right_logical %22, %23 : tensor<6x6xui64>
    %c_4 = stablehlo.constant dense<4607182418800017408> : tensor<ui64>
    %25 = stablehlo.broadcast_in_dim %c_4, dims = [] : (tensor<ui64>) -> tensor<6x6xui64>
    %26 = stablehlo.or %24, %25 : tensor<6x6xui64>
    %27 = stablehlo.bitcast_convert %26 : (tensor<6x6xui64>) -> tensor<6x6xf64>
    %cst = stablehlo.constant dense<1.000000e+00> : tensor<f64>
    %28 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f64>) -> tensor<6x6xf64>
    %29 = stablehlo.subtract %27, %28 : tensor<6x6xf64>
    %30 = stablehlo.subtract %1, %0 : tensor<1x1xf64>
    %31 = stablehlo.broadcast_in_dim %30, dims = [0, 1] : (tensor<1x1xf64>) -> tensor<6x6xf64>
    %32 = stablehlo.multiply %29, %31 : tensor<6x6xf64>
    %33 = stablehlo.broadcast_in_dim %0, dims = [0, 1] : (tensor<1x1xf64>) -> tensor<6x6xf64>
    %34 = stablehlo.add %32, %33 : tensor<6x6xf64>
    %35 = stablehlo.broadcast_in_dim %0, dims = [0, 1] : (tensor<1x1xf64>) -> tensor<6x6xf64>
    %36 = stablehlo.maximum %35, %34 : tensor<6x6xf64>
    return %36 : tensor<6x6xf64>
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
    %c_2 = stablehlo.constant dense<0> : tensor<i64>
    %c_3 = stablehlo.constant dense<0> : tensor<i64>
    %6:9 = stablehlo.while(%iterArg = %c_3, %iterArg_4 = %c_2, %iterArg_5 = %3, %iterArg_6 = %5, %iterArg_7 = %arg1, %iterArg_8 = %1, %iterArg_9 = %arg0, %iterArg_10 = %c, %iterArg_11 = %c_0) : tensor<i64>, tensor<i64>, tensor<6x6xui32>, tensor<6x6xui32>, tensor<ui32>, tensor<ui32>, tensor<ui32>, tensor<4xui32>, tensor<4xui32>
    cond {
      %c_12 = stablehlo.constant dense<5> : tensor<i64>
      %7 = stablehlo.compare LT, %iterArg, %c_12, SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
      stablehlo.return %7 : tensor<i1>
    } do {
      %7:8 = func.call @closed_call(%iterArg_4, %iterArg_5, %iterArg_6, %iterArg_7, %iterArg_8, %iterArg_9, %iterArg_10, %iterArg_11) : (tensor<i64>, tensor<6x6xui32>, tensor<6x6xui32>, tensor<ui32>, tensor<ui32>, tensor<ui32>, tensor<4xui32>, tensor<4xui32>) -> (tensor<i64>, tensor<6x6xui32>, tensor<6x6xui32>, tensor<ui32>, tensor<ui32>, tensor<ui32>, tensor<4xui32>, tensor<4xui32>)
      %c_12 = stablehlo.constant dense<1> : tensor<i64>
      %8 = stablehlo.add %iterArg, %c_12 : tensor<i64>
      stablehlo.return %8, %7#0, %7#1, %7#2, %7#3, %7#4, %7#5, %7#6, %7#7 : tensor<i64>, tensor<i64>, tensor<6x6xui32>, tensor<6x6xui32>, tensor<ui32>, tensor<ui32>, tensor<ui32>, tensor<4xui32>, tensor<4xui32>
    }
    return %6#2, %6#3 : tensor<6x6xui32>, tensor<6x6xui32>
  }
  func.func private @closed_call(%arg0: tensor<i64>, %arg1: tensor<6x6xui32>, %arg2: tensor<6x6xui32>, %arg3: tensor<ui32>, %arg4: tensor<ui32>, %arg5: tensor<ui32>, %arg6: tensor<4xui32>, %arg7: tensor<4xui32>) -> (tensor<i64>, tensor<6x6xui32>, tensor<6x6xui32>, tensor<ui32>, tensor<ui32>, tensor<ui32>, tensor<4xui32>, tensor<4xui32>) {
    %c = stablehlo.constant dense<1> : tensor<i64>
    %0 = stablehlo.add %arg0, %c : tensor<i64>
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
    %c_4 = stablehlo.constant dense<1> : tensor<i64>
    %45 = stablehlo.add %arg0, %c_4 : tensor<i64>
    %46 = stablehlo.convert %45 : (tensor<i64>) -> tensor<ui32>
    %47 = stablehlo.broadcast_in_dim %46, dims = [] : (tensor<ui32>) -> tensor<6x6xui32>
    %48 = stablehlo.add %44, %47 : tensor<6x6xui32>
    return %0, %42, %48, %arg4, %arg5, %arg3, %arg7, %arg6 : tensor<i64>, tensor<6x6xui32>, tensor<6x6xui32>, tensor<ui32>, tensor<ui32>, tensor<ui32>, tensor<4xui32>, tensor<4xui32>
  }
  func.func private @norm(%arg0: tensor<6x6xf64>) -> tensor<6x1xf64> {
    %0 = stablehlo.multiply %arg0, %arg0 : tensor<6x6xf64>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f64>
    %1 = stablehlo.reduce(%0 init: %cst) applies stablehlo.add across dimensions = [1] : (tensor<6x6xf64>, tensor<f64>) -> tensor<6xf64>
    %2 = stablehlo.broadcast_in_dim %1, dims = [0] : (tensor<6xf64>) -> tensor<6x1xf64>
    %3 = stablehlo.sqrt %2 : tensor<6x1xf64>
    return %3 : tensor<6x1xf64>
  }
  func.func private @norm_9(%arg0: tensor<6x6xf64>) -> tensor<6x1xf64> {
    %0 = stablehlo.multiply %arg0, %arg0 : tensor<6x6xf64>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f64>
    %1 = stablehlo.reduce(%0 init: %cst) applies stablehlo.add across dimensions = [1] : (tensor<6x6xf64>, tensor<f64>) -> tensor<6xf64>
    %2 = stablehlo.broadcast_in_dim %1, dims = [0] : (tensor<6xf64>) -> tensor<6x1xf64>
    %3 = stablehlo.sqrt %2 : tensor<6x1xf64>
    return %3 : tensor<6x1xf64>
  }
  func.func private @_pad_10(%arg0: tensor<6x6xf64>, %arg1: tensor<i64>) -> tensor<12x6xf64> {
    %0 = stablehlo.convert %arg1 : (tensor<i64>) -> tensor<f64>
    %1 = stablehlo.pad %arg0, %0, low = [0, 0], high = [6, 0], interior = [0, 0] : (tensor<6x6xf64>, tensor<f64>) -> tensor<12x6xf64>
    return %1 : tensor<12x6xf64>
  }
  func.func private @qr(%arg0: tensor<6x6xf64>) -> (tensor<6x6xf64>, tensor<6x6xf64>) {
    %0:2 = stablehlo.custom_call @lapack_dgeqrf_ffi(%arg0) {backend_config = "", mhlo.backend_config = {}, mhlo.frontend_attributes = {num_batch_dims = "0"}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 0, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<0> : tensor<1xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([k, l], [m]) {i=6, j=6, k=6, l=6, m=6}, custom>} : (tensor<6x6xf64>) -> (tensor<6x6xf64>, tensor<6xf64>)
    %1 = stablehlo.custom_call @lapack_dorgqr_ffi(%0#0, %0#1) {backend_config = "", mhlo.backend_config = {}, mhlo.frontend_attributes = {num_batch_dims = "0"}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<0> : tensor<1xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 0, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [k])->([l, m]) {i=6, j=6, k=6, l=6, m=6}, custom>} : (tensor<6x6xf64>, tensor<6xf64>) -> tensor<6x6xf64>
    %2 = stablehlo.iota dim = 0 : tensor<6x6xi64>
    %c = stablehlo.constant dense<-1> : tensor<i64>
    %3 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i64>) -> tensor<6x6xi64>
    %4 = stablehlo.add %2, %3 : tensor<6x6xi64>
    %5 = stablehlo.iota dim = 1 : tensor<6x6xi64>
    %6 = stablehlo.compare GE, %4, %5, SIGNED : (tensor<6x6xi64>, tensor<6x6xi64>) -> tensor<6x6xi1>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f64>
    %7 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f64>) -> tensor<6x6xf64>
    %8 = stablehlo.select %6, %7, %0#0 : tensor<6x6xi1>, tensor<6x6xf64>
    return %1, %8 : tensor<6x6xf64>, tensor<6x6xf64>
  }
  func.func private @_where_11(%arg0: tensor<6x1xi1>, %arg1: tensor<6x6xf64>, %arg2: tensor<6x6xf64>) -> tensor<6x6xf64> {
    %0 = stablehlo.broadcast_in_dim %arg0, dims = [0, 1] : (tensor<6x1xi1>) -> tensor<6x6xi1>
    %1 = stablehlo.select %0, %arg1, %arg2 : tensor<6x6xi1>, tensor<6x6xf64>
    return %1 : tensor<6x6xf64>
  }
}
