module @jit__partial_manual attributes {mhlo.num_partitions = 4 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<8x4xf32> {mhlo.sharding = "{devices=[2,2]<=[4]}"}) -> (tensor<4x4xf32> {jax.result_info = "result", mhlo.sharding = "{replicated}"}) {
    %0 = stablehlo.custom_call @Sharding(%arg0) {backend_config = "unspecified_dims=[0,1]", mhlo.sharding = "{devices=[2,1,2]<=[4] last_tile_dim_replicate}"} : (tensor<8x4xf32>) -> tensor<8x4xf32>
    %1 = stablehlo.custom_call @SPMDFullToShardShape(%0) {backend_config = "unspecified_dims=[0,1]", mhlo.sharding = "{devices=[1,1,2,2]<=[4] last_tile_dims={manual, replicated}}"} : (tensor<8x4xf32>) -> tensor<4x4xf32>
    %2 = call @shmap_body(%1) : (tensor<4x4xf32>) -> tensor<4x4xf32>
    %3 = stablehlo.custom_call @Sharding(%2) {backend_config = "unspecified_dims=[0,1]", mhlo.sharding = "{devices=[1,1,2,2]<=[4] last_tile_dims={manual, replicated}}"} : (tensor<4x4xf32>) -> tensor<4x4xf32>
    %4 = stablehlo.custom_call @SPMDShardToFullShape(%3) {backend_config = "unspecified_dims=[0,1]", mhlo.sharding = "{replicated}"} : (tensor<4x4xf32>) -> tensor<4x4xf32>
    %cst = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %5 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<4x4xf32>
    %6 = stablehlo.multiply %4, %5 : tensor<4x4xf32>
    return %6 : tensor<4x4xf32>
  }
  func.func private @shmap_body(%arg0: tensor<4x4xf32>) -> (tensor<4x4xf32> {jax.result_info = "[None, None]"}) {
    %0 = call @shmap_body_0() : () -> tensor<i32>
    %1 = stablehlo.custom_call @Sharding(%0) {backend_config = "", mhlo.sharding = "{manual}"} : (tensor<i32>) -> tensor<i32>
    %2 = stablehlo.custom_call @SPMDShardToFullShape(%1) {backend_config = "", mhlo.sharding = "{devices=[2,2]<=[4] last_tile_dims={manual, replicated}}"} : (tensor<i32>) -> tensor<i32>
    %3 = stablehlo.convert %2 : (tensor<i32>) -> tensor<f32>
    %4 = stablehlo.custom_call @Sharding(%3) {backend_config = "", mhlo.sharding = "{devices=[2,2]<=[4] last_tile_dims={manual, replicated}}"} : (tensor<f32>) -> tensor<f32>
    %5 = stablehlo.broadcast_in_dim %4, dims = [] : (tensor<f32>) -> tensor<4x4xf32>
    %6 = stablehlo.custom_call @Sharding(%5) {backend_config = "unspecified_dims=[0,1]", mhlo.sharding = "{devices=[1,1,2,2]<=[4] last_tile_dims={manual, replicated}}"} : (tensor<4x4xf32>) -> tensor<4x4xf32>
    %7 = stablehlo.add %arg0, %6 : tensor<4x4xf32>
    %8 = stablehlo.custom_call @Sharding(%7) {backend_config = "unspecified_dims=[0,1]", mhlo.sharding = "{devices=[1,1,2,2]<=[4] last_tile_dims={manual, replicated}}"} : (tensor<4x4xf32>) -> tensor<4x4xf32>
    %9 = "stablehlo.all_reduce"(%8) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<[[0, 2], [1, 3]]> : tensor<2x2xi64>, use_global_device_ids}> ({
    ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>):
      %10 = stablehlo.add %arg1, %arg2 : tensor<f32>
      %11 = stablehlo.custom_call @Sharding(%10) {backend_config = "", mhlo.sharding = "{devices=[2,2]<=[4] last_tile_dims={manual, replicated}}"} : (tensor<f32>) -> tensor<f32>
      stablehlo.return %11 : tensor<f32>
    }) : (tensor<4x4xf32>) -> tensor<4x4xf32>
    return %9 : tensor<4x4xf32>
  }
  func.func private @shmap_body_0() -> (tensor<i32> {jax.result_info = "[]"}) {
    %c = stablehlo.constant dense<2> : tensor<ui32>
    %c_0 = stablehlo.constant dense<2> : tensor<ui32>
    %0 = stablehlo.partition_id : tensor<ui32>
    %1 = stablehlo.divide %0, %c : tensor<ui32>
    %2 = stablehlo.remainder %1, %c_0 : tensor<ui32>
    %3 = stablehlo.convert %2 : (tensor<ui32>) -> tensor<i32>
    return %3 : tensor<i32>
  }
}
