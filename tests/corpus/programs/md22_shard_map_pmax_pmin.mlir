module @jit_wrapped attributes {mhlo.num_partitions = 4 : i32, mhlo.num_replicas = 1 : i32} {
  sdy.mesh @mesh = <["x"=2, "y"=2]> {stablehlo.mesh = {axes = [{name = "x", size = 2 : i64}, {name = "y", size = 2 : i64}]}}
  func.func public @main(%arg0: tensor<4x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}) -> (tensor<4x4xf32> {jax.result_info = "result[0]", sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}, tensor<4x4xf32> {jax.result_info = "result[1]", sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}) {
    %0:2 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"x"}, {"y"}]>] out_shardings=[<@mesh, [{"x"}, {"y"}]>, <@mesh, [{"x"}, {"y"}]>] manual_axes={"x", "y"} (%arg1: tensor<2x2xf32>) {
      %1 = "stablehlo.all_reduce"(%arg1) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<[[0, 1], [2, 3]]> : tensor<2x2xi64>, use_global_device_ids}> ({
      ^bb0(%arg2: tensor<f32>, %arg3: tensor<f32>):
        %10 = stablehlo.maximum %arg2, %arg3 : tensor<f32>
        stablehlo.return %10 : tensor<f32>
      }) : (tensor<2x2xf32>) -> tensor<2x2xf32>
      %c = stablehlo.constant dense<1> : tensor<ui32>
      %c_0 = stablehlo.constant dense<2> : tensor<ui32>
      %2 = stablehlo.partition_id : tensor<ui32>
      %3 = stablehlo.divide %2, %c : tensor<ui32>
      %4 = stablehlo.remainder %3, %c_0 : tensor<ui32>
      %5 = stablehlo.convert %4 : (tensor<ui32>) -> tensor<i32>
      %6 = stablehlo.convert %5 : (tensor<i32>) -> tensor<f32>
      %7 = stablehlo.broadcast_in_dim %6, dims = [] : (tensor<f32>) -> tensor<2x2xf32>
      %8 = stablehlo.add %1, %7 : tensor<2x2xf32>
      %9 = "stablehlo.all_reduce"(%arg1) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<[[0, 2], [1, 3]]> : tensor<2x2xi64>, use_global_device_ids}> ({
      ^bb0(%arg2: tensor<f32>, %arg3: tensor<f32>):
        %10 = stablehlo.minimum %arg2, %arg3 : tensor<f32>
        stablehlo.return %10 : tensor<f32>
      }) : (tensor<2x2xf32>) -> tensor<2x2xf32>
      sdy.return %8, %9 : tensor<2x2xf32>, tensor<2x2xf32>
    } : (tensor<4x4xf32>) -> (tensor<4x4xf32>, tensor<4x4xf32>)
    return %0#0, %0#1 : tensor<4x4xf32>, tensor<4x4xf32>
  }
}
