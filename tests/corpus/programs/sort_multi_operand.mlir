module @jit_sort_multi_operand attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<10xi32>, %arg1: tensor<10xf32>, %arg2: tensor<10xi32>) -> (tensor<10xi32> {jax.result_info = "result[0][0]"}, tensor<10xi32> {jax.result_info = "result[0][1]"}, tensor<10xf32> {jax.result_info = "result[0][2]"}, tensor<10xf32> {jax.result_info = "result[1][0]"}, tensor<10xi32> {jax.result_info = "result[1][1]"}) {
    %0:3 = "stablehlo.sort"(%arg0, %arg2, %arg1) <{dimension = 0 : i64, is_stable = true}> ({
    ^bb0(%arg3: tensor<i32>, %arg4: tensor<i32>, %arg5: tensor<i32>, %arg6: tensor<i32>, %arg7: tensor<f32>, %arg8: tensor<f32>):
      %2 = stablehlo.compare LT, %arg5, %arg6, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %3 = stablehlo.compare LT, %arg3, %arg4, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %4 = stablehlo.compare EQ, %arg3, %arg4, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %5 = stablehlo.and %4, %2 : tensor<i1>
      %6 = stablehlo.or %3, %5 : tensor<i1>
      stablehlo.return %6 : tensor<i1>
    }) : (tensor<10xi32>, tensor<10xi32>, tensor<10xf32>) -> (tensor<10xi32>, tensor<10xi32>, tensor<10xf32>)
    %1:2 = "stablehlo.sort"(%arg1, %arg0) <{dimension = 0 : i64, is_stable = true}> ({
    ^bb0(%arg3: tensor<f32>, %arg4: tensor<f32>, %arg5: tensor<i32>, %arg6: tensor<i32>):
      %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %2 = stablehlo.compare EQ, %arg3, %cst, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %3 = stablehlo.select %2, %cst_0, %arg3 : tensor<i1>, tensor<f32>
      %4 = stablehlo.compare NE, %arg3, %arg3, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %cst_1 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
      %5 = stablehlo.select %4, %cst_1, %3 : tensor<i1>, tensor<f32>
      %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %6 = stablehlo.compare EQ, %arg4, %cst_2, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %7 = stablehlo.select %6, %cst_3, %arg4 : tensor<i1>, tensor<f32>
      %8 = stablehlo.compare NE, %arg4, %arg4, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %cst_4 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
      %9 = stablehlo.select %8, %cst_4, %7 : tensor<i1>, tensor<f32>
      %10 = stablehlo.compare LT, %5, %9, TOTALORDER : (tensor<f32>, tensor<f32>) -> tensor<i1>
      stablehlo.return %10 : tensor<i1>
    }) : (tensor<10xf32>, tensor<10xi32>) -> (tensor<10xf32>, tensor<10xi32>)
    return %0#0, %0#1, %0#2, %1#0, %1#1 : tensor<10xi32>, tensor<10xi32>, tensor<10xf32>, tensor<10xf32>, tensor<10xi32>
  }
}
