module @jit_wrapped attributes {mhlo.num_partitions = 4 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<4x4xf32> {mhlo.sharding = "{devices=[2,2]<=[4]}"}) -> (tensor<4x4xf32> {jax.result_info = "result[0]", mhlo.sharding = "{devices=[2,2]<=[4]}"}, tensor<4x4xf32> {jax.result_info = "result[1]", mhlo.sharding = "{devices=[2,2]<=[4]}"}) {
    %0 = stablehlo.custom_call @Sharding(%arg0) {backend_config = "", mhlo.sharding = "{devices=[2,2]<=[4]}"} : (tensor<4x4xf32>) -> tensor<4x4xf32>
    %1 = stablehlo.custom_call @SPMDFullToShardShape(%0) {backend_config = "", mhlo.sharding = "{manual}"} : (tensor<4x4xf32>) -> tensor<2x2xf32>
    %2:2 = call @shmap_body(%1) : (tensor<2x2xf32>) -> (tensor<2x2xf32>, tensor<2x2xf32>)
    %3 = stablehlo.custom_call @Sharding(%2#0) {backend_config = "", mhlo.sharding = "{manual}"} : (tensor<2x2xf32>) -> tensor<2x2xf32>
    %4 = stablehlo.custom_call @SPMDShardToFullShape(%3) {backend_config = "", mhlo.sharding = "{devices=[2,2]<=[4]}"} : (tensor<2x2xf32>) -> tensor<4x4xf32>
    %5 = stablehlo.custom_call @Sharding(%2#1) {backend_config = "", mhlo.sharding = "{manual}"} : (tensor<2x2xf32>) -> tensor<2x2xf32>
    %6 = stablehlo.custom_call @SPMDShardToFullShape(%5) {backend_config = "", mhlo.sharding = "{devices=[2,2]<=[4]}"} : (tensor<2x2xf32>) -> tensor<4x4xf32>
    return %4, %6 : tensor<4x4xf32>, tensor<4x4xf32>
  }
  func.func private @shmap_body(%arg0: tensor<2x2xf32>) -> (tensor<2x2xf32> {jax.result_info = "[('x',), ('y',)]"}, tensor<2x2xf32> {jax.result_info = "[('x',), ('y',)]"}) {
    %0 = "stablehlo.all_reduce"(%arg0) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<[[0, 1], [2, 3]]> : tensor<2x2xi64>, use_global_device_ids}> ({
    ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>):
      %9 = stablehlo.maximum %arg1, %arg2 : tensor<f32>
      stablehlo.return %9 : tensor<f32>
    }) : (tensor<2x2xf32>) -> tensor<2x2xf32>
    %c = stablehlo.constant dense<1> : tensor<ui32>
    %c_0 = stablehlo.constant dense<2> : tensor<ui32>
    %1 = stablehlo.partition_id : tensor<ui32>
    %2 = stablehlo.divide %1, %c : tensor<ui32>
    %3 = stablehlo.remainder %2, %c_0 : tensor<ui32>
    %4 = stablehlo.convert %3 : (tensor<ui32>) -> tensor<i32>
    %5 = stablehlo.convert %4 : (tensor<i32>) -> tensor<f32>
    %6 = stablehlo.broadcast_in_dim %5, dims = [] : (tensor<f32>) -> tensor<2x2xf32>
    %7 = stablehlo.add %0, %6 : tensor<2x2xf32>
    %8 = "stablehlo.all_reduce"(%arg0) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<[[0, 2], [1, 3]]> : tensor<2x2xi64>, use_global_device_ids}> ({
    ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>):
      %9 = stablehlo.minimum %arg1, %arg2 : tensor<f32>
      stablehlo.return %9 : tensor<f32>
    }) : (tensor<2x2xf32>) -> tensor<2x2xf32>
    return %7, %8 : tensor<2x2xf32>, tensor<2x2xf32>
  }
}
