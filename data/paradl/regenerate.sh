#!/bin/sh
# Regenerates data/paradl/expected, examples/paradl/nets and stdlib/paradl_net.rl from TruongThaoNguyen/paraDL-analysis (commit
# ce36803bf90f61b0e5c8669536d6b2440bbe5efc, the repository's HEAD) with
# tools/data/paradl_import.py. Run from the repository root:
#   sh data/paradl/regenerate.sh GIT_DIR
# GIT_DIR is a clone of https://github.com/TruongThaoNguyen/paraDL-analysis (its .git).
set -e
G=${1:?usage: sh data/paradl/regenerate.sh PATH/TO/paraDL-analysis/.git}
I="python3 -m tools.data.paradl_import --git-dir $G"
N=examples/paradl/nets
E=data/paradl/expected
mkdir -p $E $N

# Layer records and .lc flags
$I --shared --plat ABCI.plat -o stdlib/paradl_net.rl
$I model/RESNET50_ImageNet_profall.net_sc --prefix resnet50 --lc filter=model/filter_resnet.lc \
   --lc channel=model/channel_resnet.lc --lc spatial=model/spatial_resnet.lc -o $N/resnet50.rl
$I model/VGG_ImageNet_profall.net_sc --prefix vgg16 --lc filter=model/filter_vgg.lc \
   --lc spatial=model/spatial_vgg.lc -o $N/vgg16.rl
$I model/ALEXNET_ImageNet_profall.net_sc --prefix alexnet --lc filter=model/filter_alexnet.lc \
   --lc spatial=model/spatial_alexnet.lc -o $N/alexnet.rl
$I model/COSMOFLOW.net --prefix cosmoflow --lc spatial=model/spatial_cosmolow.lc -o $N/cosmoflow.rl
$I model/COSMOFLOW.net_256 --prefix cosmoflow_256 --lc spatial=model/spatial_cosmolow.lc -o $N/cosmoflow_256.rl

# Published projections: one CSV per SUMMARY table
for n in channel_alexnet channel_resnet channel_vgg data_alexnet data_resnet data_vgg \
         filter_alexnet filter_resnet filter_vgg; do
  $I --summary log/${n}_scaling_proj.log -o $E/${n}_scaling_proj.csv
done
$I --summary log/resnet_ranking.log --run 1 -o $E/resnet_ranking_run1.csv
$I --summary log/resnet_ranking.log --run 2 -o $E/resnet_ranking_run2.csv
$I --summary log/resnet_ranking_2.log --run 1 --p2 2 -o $E/resnet_ranking_2_run1.csv
$I --summary log/resnet_ranking_2.log --run 2 --p2 2 -o $E/resnet_ranking_2_run2.csv
$I --summary log/ranking_log/cosmoflow.log -o $E/ranking_cosmoflow.csv
$I --summary log/ranking_log/cosmoflow_256.log --run 1 -o $E/ranking_cosmoflow_256_run1.csv
$I --summary log/ranking_log/cosmoflow_256.log --run 2 -o $E/ranking_cosmoflow_256_run2.csv
$I --summary log/ranking_log/resnet/1024/cosmoflow.log_2 -o $E/ranking_resnet_1024_cosmoflow_log_2.csv
$I --summary log/ranking_log/resnet/1024/df.log -o $E/ranking_resnet_1024_df.csv
$I --summary log/ranking_log/resnet/16/channel.log --run 1 -o $E/ranking_resnet_16_channel_run1.csv
$I --summary log/ranking_log/resnet/16/channel.log --run 2 -o $E/ranking_resnet_16_channel_run2.csv
$I --summary log/ranking_log/resnet/16/data+spatial.log -o $E/ranking_resnet_16_data_spatial.csv
$I --summary log/ranking_log/resnet/16/data.log -o $E/ranking_resnet_16_data.csv
$I --summary log/ranking_log/resnet/16/df.log --run 1 -o $E/ranking_resnet_16_df_run1.csv
$I --summary log/ranking_log/resnet/16/df.log --run 2 -o $E/ranking_resnet_16_df_run2.csv
$I --summary log/ranking_log/resnet/16/filter.log -o $E/ranking_resnet_16_filter.csv
$I --summary log/ranking_log/resnet/4/data.log -o $E/ranking_resnet_4_data.csv
$I --summary log/ranking_log/resnet/4/filter.log -o $E/ranking_resnet_4_filter.csv
$I --summary log/ranking_log/resnet/4/spatial.log -o $E/ranking_resnet_4_spatial.csv
$I --summary log/ranking_log/resnet/64/channel.log -o $E/ranking_resnet_64_channel.csv
$I --summary log/ranking_log/resnet/64/data+spatial.log -o $E/ranking_resnet_64_data_spatial.csv
$I --summary log/ranking_log/resnet/64/data.log -o $E/ranking_resnet_64_data.csv
$I --summary log/ranking_log/resnet/64/df.log -o $E/ranking_resnet_64_df.csv
$I --summary log/ranking_log/resnet/64/filter.log2 --run 1 -o $E/ranking_resnet_64_filter_log2_run1.csv
$I --summary log/ranking_log/resnet/64/filter.log2 --run 2 -o $E/ranking_resnet_64_filter_log2_run2.csv
$I --summary log/ranking_log/vgg/df.log -o $E/ranking_vgg_df.csv
$I --summary log/ranking_log/vgg/df.log2 -o $E/ranking_vgg_df_log2.csv
$I --summary log/ranking_log/vgg/ds.log -o $E/ranking_vgg_ds.csv
$I --summary log/ranking_log/vgg/filter.log -o $E/ranking_vgg_filter.csv
