module @jit__lambda attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<2x5x5xcomplex<f32>>) -> (tensor<2x5xf32> {jax.result_info = "result[0]"}, tensor<2x4xf32> {jax.result_info = "result[1]"}) {
    %0:5 = stablehlo.custom_call @lapack_chetrd_ffi(%arg0) {backend_config = "", mhlo.backend_config = {uplo = 76 : ui8}, mhlo.frontend_attributes = {num_batch_dims = "1"}, operand_layouts = [dense<[1, 2, 0]> : tensor<3xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 0, operand_tuple_indices = []>], result_layouts = [dense<[1, 2, 0]> : tensor<3xindex>, dense<[1, 0]> : tensor<2xindex>, dense<[1, 0]> : tensor<2xindex>, dense<[1, 0]> : tensor<2xindex>, dense<0> : tensor<1xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j, k])->([i, l, m], [i, n], [i, o], [i, p], [i]) {i=2, j=5, k=5, l=5, m=5, n=5, o=4, p=4}, custom>} : (tensor<2x5x5xcomplex<f32>>) -> (tensor<2x5x5xcomplex<f32>>, tensor<2x5xf32>, tensor<2x4xf32>, tensor<2x4xcomplex<f32>>, tensor<2xi32>)
    %c = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<2xi32>
    %2 = stablehlo.compare EQ, %0#4, %1, SIGNED : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi1>
    %3 = stablehlo.broadcast_in_dim %2, dims = [0] : (tensor<2xi1>) -> tensor<2x1x1xi1>
    %cst = stablehlo.constant dense<(0x7FC00000,0x7FC00000)> : tensor<complex<f32>>
    %4 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<complex<f32>>) -> tensor<2x5x5xcomplex<f32>>
    %5 = stablehlo.broadcast_in_dim %3, dims = [0, 1, 2] : (tensor<2x1x1xi1>) -> tensor<2x5x5xi1>
    %6 = stablehlo.select %5, %0#0, %4 : tensor<2x5x5xi1>, tensor<2x5x5xcomplex<f32>>
    %7 = stablehlo.broadcast_in_dim %2, dims = [0] : (tensor<2xi1>) -> tensor<2x1xi1>
    %cst_0 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %8 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<2x5xf32>
    %9 = stablehlo.broadcast_in_dim %7, dims = [0, 1] : (tensor<2x1xi1>) -> tensor<2x5xi1>
    %10 = stablehlo.select %9, %0#1, %8 : tensor<2x5xi1>, tensor<2x5xf32>
    %11 = stablehlo.broadcast_in_dim %2, dims = [0] : (tensor<2xi1>) -> tensor<2x1xi1>
    %cst_1 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %12 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<2x4xf32>
    %13 = stablehlo.broadcast_in_dim %11, dims = [0, 1] : (tensor<2x1xi1>) -> tensor<2x4xi1>
    %14 = stablehlo.select %13, %0#2, %12 : tensor<2x4xi1>, tensor<2x4xf32>
    %15 = stablehlo.broadcast_in_dim %2, dims = [0] : (tensor<2xi1>) -> tensor<2x1xi1>
    %cst_2 = stablehlo.constant dense<(0x7FC00000,0x7FC00000)> : tensor<complex<f32>>
    %16 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<complex<f32>>) -> tensor<2x4xcomplex<f32>>
    %17 = stablehlo.broadcast_in_dim %15, dims = [0, 1] : (tensor<2x1xi1>) -> tensor<2x4xi1>
    %18 = stablehlo.select %17, %0#3, %16 : tensor<2x4xi1>, tensor<2x4xcomplex<f32>>
    %19:5 = stablehlo.custom_call @lapack_chetrd_ffi(%arg0) {backend_config = "", mhlo.backend_config = {uplo = 76 : ui8}, mhlo.frontend_attributes = {num_batch_dims = "1"}, operand_layouts = [dense<[1, 2, 0]> : tensor<3xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 0, operand_tuple_indices = []>], result_layouts = [dense<[1, 2, 0]> : tensor<3xindex>, dense<[1, 0]> : tensor<2xindex>, dense<[1, 0]> : tensor<2xindex>, dense<[1, 0]> : tensor<2xindex>, dense<0> : tensor<1xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j, k])->([i, l, m], [i, n], [i, o], [i, p], [i]) {i=2, j=5, k=5, l=5, m=5, n=5, o=4, p=4}, custom>} : (tensor<2x5x5xcomplex<f32>>) -> (tensor<2x5x5xcomplex<f32>>, tensor<2x5xf32>, tensor<2x4xf32>, tensor<2x4xcomplex<f32>>, tensor<2xi32>)
    %c_3 = stablehlo.constant dense<0> : tensor<i32>
    %20 = stablehlo.broadcast_in_dim %c_3, dims = [] : (tensor<i32>) -> tensor<2xi32>
    %21 = stablehlo.compare EQ, %19#4, %20, SIGNED : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi1>
    %22 = stablehlo.broadcast_in_dim %21, dims = [0] : (tensor<2xi1>) -> tensor<2x1x1xi1>
    %cst_4 = stablehlo.constant dense<(0x7FC00000,0x7FC00000)> : tensor<complex<f32>>
    %23 = stablehlo.broadcast_in_dim %cst_4, dims = [] : (tensor<complex<f32>>) -> tensor<2x5x5xcomplex<f32>>
    %24 = stablehlo.broadcast_in_dim %22, dims = [0, 1, 2] : (tensor<2x1x1xi1>) -> tensor<2x5x5xi1>
    %25 = stablehlo.select %24, %19#0, %23 : tensor<2x5x5xi1>, tensor<2x5x5xcomplex<f32>>
    %26 = stablehlo.broadcast_in_dim %21, dims = [0] : (tensor<2xi1>) -> tensor<2x1xi1>
    %cst_5 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %27 = stablehlo.broadcast_in_dim %cst_5, dims = [] : (tensor<f32>) -> tensor<2x5xf32>
    %28 = stablehlo.broadcast_in_dim %26, dims = [0, 1] : (tensor<2x1xi1>) -> tensor<2x5xi1>
    %29 = stablehlo.select %28, %19#1, %27 : tensor<2x5xi1>, tensor<2x5xf32>
    %30 = stablehlo.broadcast_in_dim %21, dims = [0] : (tensor<2xi1>) -> tensor<2x1xi1>
    %cst_6 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %31 = stablehlo.broadcast_in_dim %cst_6, dims = [] : (tensor<f32>) -> tensor<2x4xf32>
    %32 = stablehlo.broadcast_in_dim %30, dims = [0, 1] : (tensor<2x1xi1>) -> tensor<2x4xi1>
    %33 = stablehlo.select %32, %19#2, %31 : tensor<2x4xi1>, tensor<2x4xf32>
    %34 = stablehlo.broadcast_in_dim %21, dims = [0] : (tensor<2xi1>) -> tensor<2x1xi1>
    %cst_7 = stablehlo.constant dense<(0x7FC00000,0x7FC00000)> : tensor<complex<f32>>
    %35 = stablehlo.broadcast_in_dim %cst_7, dims = [] : (tensor<complex<f32>>) -> tensor<2x4xcomplex<f32>>
    %36 = stablehlo.broadcast_in_dim %34, dims = [0, 1] : (tensor<2x1xi1>) -> tensor<2x4xi1>
    %37 = stablehlo.select %36, %19#3, %35 : tensor<2x4xi1>, tensor<2x4xcomplex<f32>>
    %38 = stablehlo.abs %33 : tensor<2x4xf32>
    return %10, %38 : tensor<2x5xf32>, tensor<2x4xf32>
  }
}
