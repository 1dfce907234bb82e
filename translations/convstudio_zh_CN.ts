<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>AddBlockCommand</name>
    <message>
        <location filename="../widgets/builder/add_block_command.cpp" line="+9"/>
        <source>Add %1</source>
        <translation>添加 %1</translation>
    </message>
</context>
<context>
    <name>AutoLayoutCommand</name>
    <message>
        <location filename="../widgets/builder/auto_layout_command.cpp" line="+10"/>
        <source>Arrange blocks</source>
        <translation>排列模块</translation>
    </message>
</context>
<context>
    <name>BlockText</name>
    <message>
        <location filename="../widgets/builder/block_text.cpp" line="+82"/>
        <source>%1 params</source>
        <translation>%1 参数</translation>
    </message>
</context>
<context>
    <name>Category</name>
    <message>
        <location filename="../widgets/builder/category_names.cpp" line="+9"/>
        <source>Input/Output</source>
        <translation>输入/输出</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Convolution</source>
        <translation>卷积</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Normalization</source>
        <translation>归一化</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Activation</source>
        <translation>激活</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Pooling</source>
        <translation>池化</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Regularization</source>
        <translation>正则化</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Structure</source>
        <translation>结构</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Dense</source>
        <translation>全连接</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Merge</source>
        <translation>合并</translation>
    </message>
</context>
<context>
    <name>ConnectCommand</name>
    <message>
        <location filename="../widgets/builder/connect_command.cpp" line="+12"/>
        <source>Connect %1 to %2</source>
        <translation>连接 %1 到 %2</translation>
    </message>
</context>
<context>
    <name>DeleteSelectionCommand</name>
    <message numerus="yes">
        <location filename="../widgets/builder/delete_selection_command.cpp" line="+23"/>
        <source>Delete %n wire(s)</source>
        <translation>
            <numerusform>删除 %n 条连线</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>Delete %n block(s)</source>
        <translation>
            <numerusform>删除 %n 个模块</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>DeviceCapacity</name>
    <message>
        <location filename="../widgets/builder/device_capacity.cpp" line="+31"/>
        <source>CPU</source>
        <translation>CPU</translation>
    </message>
</context>
<context>
    <name>DeviceText</name>
    <message>
        <location filename="../widgets/device_text.cpp" line="+12"/>
        <source>this LibTorch build is CPU-only (no CUDA compiled in)</source>
        <translation>此 LibTorch 版本仅支持 CPU（未编译 CUDA）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>no NVIDIA driver found (libcuda.so.1 cannot be loaded)</source>
        <translation>未找到 NVIDIA 驱动（无法加载 libcuda.so.1）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>the NVIDIA driver is loaded but sees no CUDA device</source>
        <translation>NVIDIA 驱动已加载，但未发现 CUDA 设备</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>the CUDA runtime reports an error: %1</source>
        <translation>CUDA 运行时报告错误：%1</translation>
    </message>
</context>
<context>
    <name>DisconnectCommand</name>
    <message numerus="yes">
        <location filename="../widgets/builder/disconnect_command.cpp" line="+18"/>
        <source>Disconnect %n wire(s)</source>
        <translation>
            <numerusform>断开 %n 条连线</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>MoveBlocksCommand</name>
    <message numerus="yes">
        <location filename="../widgets/builder/move_blocks_command.cpp" line="+16"/>
        <source>Move %n block(s)</source>
        <translation>
            <numerusform>移动 %n 个模块</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>PasteCommand</name>
    <message numerus="yes">
        <location filename="../widgets/builder/paste_command.cpp" line="+11"/>
        <source>Paste %n block(s)</source>
        <translation>
            <numerusform>粘贴 %n 个模块</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>SetParamCommand</name>
    <message>
        <location filename="../widgets/builder/set_param_command.cpp" line="+15"/>
        <source>Set %1 of %2</source>
        <translation>设置 %2 的 %1</translation>
    </message>
</context>
<context>
    <name>convstudio::AboutDialog</name>
    <message>
        <location filename="../app/gui/about_dialog.cpp" line="+14"/>
        <source>About ConvStudio</source>
        <translation>关于 ConvStudio</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&lt;h2&gt;ConvStudio %1&lt;/h2&gt;&lt;p&gt;A native studio for building and training convolutional networks with LibTorch, on the CPU or CUDA GPUs.&lt;/p&gt;</source>
        <translation>&lt;h2&gt;ConvStudio %1&lt;/h2&gt;&lt;p&gt;基于 LibTorch 的原生卷积神经网络搭建与训练工作室，支持 CPU 和 CUDA GPU。&lt;/p&gt;</translation>
    </message>
</context>
<context>
    <name>convstudio::EditActions</name>
    <message>
        <location filename="../app/gui/edit_actions.cpp" line="+15"/>
        <source>&amp;Undo</source>
        <translation>撤销(&amp;U)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Redo</source>
        <translation>重做(&amp;R)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Cu&amp;t</source>
        <translation>剪切(&amp;T)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Copy</source>
        <translation>复制(&amp;C)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Paste</source>
        <translation>粘贴(&amp;P)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>D&amp;uplicate</source>
        <translation>创建副本(&amp;U)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Delete</source>
        <translation>删除(&amp;D)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Select &amp;All</source>
        <translation>全选(&amp;A)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>A&amp;rrange Blocks</source>
        <translation>自动排列模块(&amp;R)</translation>
    </message>
</context>
<context>
    <name>convstudio::MainWindow</name>
    <message>
        <location filename="../app/gui/main_window.cpp" line="+212"/>
        <source>ConvStudio</source>
        <translation>ConvStudio</translation>
    </message>
    <message>
        <location line="-131"/>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;New Project…</source>
        <translation>新建项目(&amp;N)…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Open…</source>
        <translation>打开(&amp;O)…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Open &amp;Recent</source>
        <translation>最近打开(&amp;R)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Open the &amp;Example</source>
        <translation>打开示例(&amp;E)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Save</source>
        <translation>保存(&amp;S)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Save &amp;As…</source>
        <translation>另存为(&amp;A)…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Close Project</source>
        <translation>关闭项目(&amp;C)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&amp;Edit</source>
        <translation>编辑(&amp;E)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Full Screen</source>
        <translation>全屏(&amp;F)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>&amp;Reset Layout</source>
        <translation>重置布局(&amp;R)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Zoom &amp;In</source>
        <translation>放大(&amp;I)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Zoom &amp;Out</source>
        <translation>缩小(&amp;O)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Actual Size</source>
        <translation>实际大小(&amp;A)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Fit to View</source>
        <translation>适合视图(&amp;F)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Snap to Grid</source>
        <translation>对齐网格(&amp;S)</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;About ConvStudio</source>
        <translation>关于 ConvStudio(&amp;A)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>About &amp;Qt</source>
        <translation>关于 &amp;Qt</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Blocks</source>
        <translation>模块</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Properties</source>
        <translation>属性</translation>
    </message>
    <message>
        <location line="+4"/>
        <location line="+6"/>
        <source>Problems</source>
        <translation>问题</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Problems (%1)</source>
        <translation>问题 (%1)</translation>
    </message>
    <message>
        <location line="+43"/>
        <source>%1[*] — ConvStudio</source>
        <translation>%1[*] — ConvStudio</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Device: cuda:0 %1</source>
        <translation>设备：cuda:0 %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Device: CPU (%1 threads); CUDA not available</source>
        <translation>设备：CPU（%1 线程）；CUDA 不可用</translation>
    </message>
</context>
<context>
    <name>convstudio::PaletteWidget</name>
    <message>
        <location filename="../widgets/builder/palette_widget.cpp" line="+41"/>
        <source>Search blocks</source>
        <translation>搜索模块</translation>
    </message>
</context>
<context>
    <name>convstudio::ProblemsWidget</name>
    <message>
        <location filename="../widgets/builder/problems_widget.cpp" line="+12"/>
        <source>Block</source>
        <translation>模块</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Problem</source>
        <translation>问题</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>(model)</source>
        <translation>(模型)</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>No problems: every block has a shape.</source>
        <translation>没有问题：每个模块的形状都已确定。</translation>
    </message>
</context>
<context>
    <name>convstudio::ProjectController</name>
    <message>
        <location filename="../app/gui/project_controller.cpp" line="+28"/>
        <source>ConvStudio projects (*%1)</source>
        <translation>ConvStudio 项目 (*%1)</translation>
    </message>
    <message>
        <location line="+42"/>
        <location line="+220"/>
        <source>Untitled</source>
        <translation>未命名</translation>
    </message>
    <message>
        <location line="-199"/>
        <source>Fashion-MNIST example</source>
        <translation>Fashion-MNIST 示例</translation>
    </message>
    <message>
        <location line="+90"/>
        <source>Recovered</source>
        <translation>已恢复</translation>
    </message>
    <message>
        <location line="+44"/>
        <source>New Project</source>
        <translation>新建项目</translation>
    </message>
    <message>
        <location line="+6"/>
        <location line="+3"/>
        <location line="+7"/>
        <source>Open Project</source>
        <translation>打开项目</translation>
    </message>
    <message>
        <location line="+12"/>
        <location line="+16"/>
        <source>Save Project</source>
        <translation>保存项目</translation>
    </message>
    <message>
        <location line="-7"/>
        <source>Save Project As</source>
        <translation>项目另存为</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Unsaved Changes</source>
        <translation>未保存的更改</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>“%1” has unsaved changes. Save them before continuing?</source>
        <translation>“%1”有未保存的更改。继续之前是否保存？</translation>
    </message>
    <message>
        <location line="+10"/>
        <location line="+10"/>
        <source>Recover Unsaved Work</source>
        <translation>恢复未保存的工作</translation>
    </message>
    <message>
        <location line="-9"/>
        <source>ConvStudio did not close normally. Restore the unsaved changes to “%1” from the last autosave?</source>
        <translation>ConvStudio 上次未正常关闭。是否从最近一次自动保存中恢复“%1”未保存的更改？</translation>
    </message>
</context>
<context>
    <name>convstudio::PropertiesWidget</name>
    <message>
        <location filename="../widgets/builder/properties_widget.cpp" line="+88"/>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Select one block on the canvas to edit its parameters.</source>
        <translation>在画布上选择一个模块以编辑其参数。</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>No parameters.</source>
        <translation>没有参数。</translation>
    </message>
    <message>
        <location line="+70"/>
        <source>Blocks: %1   Wires: %2</source>
        <translation>模块：%1   连线：%2</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Input: %1   Output: %2</source>
        <translation>输入：%1   输出：%2</translation>
    </message>
    <message>
        <location line="+3"/>
        <location line="+12"/>
        <source>Parameters: %1   MACs: %2</source>
        <translation>参数：%1   MACs：%2</translation>
    </message>
    <message numerus="yes">
        <location line="-8"/>
        <source>%n problem(s), listed under Problems.</source>
        <translation>
            <numerusform>%n 个问题，见“问题”面板。</numerusform>
        </translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Output: %1</source>
        <translation>输出：%1</translation>
    </message>
</context>
<context>
    <name>convstudio::StartPage</name>
    <message>
        <location filename="../widgets/start_page.cpp" line="+32"/>
        <source>ConvStudio</source>
        <translation>ConvStudio</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Build convolutional networks from blocks, train them on the CPU or a CUDA GPU, and export them to the tools you already use.</source>
        <translation>用积木块搭建卷积神经网络，在 CPU 或 CUDA GPU 上训练，并导出到您常用的工具中。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Open the Example</source>
        <translation>打开示例</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>New Project…</source>
        <translation>新建项目…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Open…</source>
        <translation>打开…</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Compute devices</source>
        <translation>计算设备</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Built-in example</source>
        <translation>内置示例</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>CPU: %1 (%2 threads)</source>
        <translation>CPU：%1（%2 线程）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>GPU cuda:%1: %2, %3</source>
        <translation>GPU cuda:%1：%2，%3</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>CUDA is not available: %1</source>
        <translation>CUDA 不可用：%1</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>Fashion-MNIST: 70,000 grayscale 28×28 images of clothing in 10 classes, found in %1 (%2 compressed).</source>
        <translation>Fashion-MNIST：70,000 张 28×28 灰度服装图像，共 10 类，位于 %1（压缩后 %2）。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Fashion-MNIST is missing from %1 (%2). Install the Debian package dataset-fashion-mnist.</source>
        <translation>%1 中缺少 Fashion-MNIST（%2）。请安装 Debian 软件包 dataset-fashion-mnist。</translation>
    </message>
</context>
<context>
    <name>convstudio::SummaryBar</name>
    <message>
        <location filename="../widgets/builder/summary_bar.cpp" line="+45"/>
        <source>Parameters: %1</source>
        <translation>参数：%1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>MACs: %1</source>
        <translation>MACs：%1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Training memory ≈ %1 (batch %2, %3)</source>
        <translation>训练内存 ≈ %1（批大小 %2，%3）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1 has %2</source>
        <translation>%1 共有 %2</translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>%n problem(s): figures cover the valid part only</source>
        <translation>
            <numerusform>%n 个问题：数字仅涵盖有效部分</numerusform>
        </translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The estimate exceeds the memory of %1: lower the batch size, use mixed precision or gradient accumulation.</source>
        <translation>估计值超过了 %1 的内存：请减小批大小，或使用混合精度或梯度累积。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Weights %1, gradients %2, optimizer state %3, activations %4, input batch %5, workspace %6.</source>
        <translation>权重 %1，梯度 %2，优化器状态 %3，激活 %4，输入批次 %5，工作区 %6。</translation>
    </message>
</context>
<context>
    <name>convstudio::SystemFactsView</name>
    <message>
        <location filename="../widgets/system_facts_view.cpp" line="+12"/>
        <source>Item</source>
        <translation>项目</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Value</source>
        <translation>值</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Versions</source>
        <translation>版本</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>ConvStudio</source>
        <translation>ConvStudio</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>LibTorch</source>
        <translation>LibTorch</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>(CUDA-enabled)</source>
        <translation>（支持 CUDA）</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>(CPU-only)</source>
        <translation>（仅 CPU）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>CUDA (compiled)</source>
        <translation>CUDA（编译版本）</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+2"/>
        <source>not compiled in</source>
        <translation>未编译</translation>
    </message>
    <message>
        <location line="-1"/>
        <source>cuDNN</source>
        <translation>cuDNN</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>OpenCV</source>
        <translation>OpenCV</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Qt</source>
        <translation>Qt</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Compute devices</source>
        <translation>计算设备</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>CPU</source>
        <translation>CPU</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1, %2 hardware threads, LibTorch uses %3</source>
        <translation>%1，%2 个硬件线程，LibTorch 使用 %3 个</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>CUDA</source>
        <translation>CUDA</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>not available: %1</source>
        <translation>不可用：%1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1, %2, compute capability %3.%4</source>
        <translation>%1，%2，计算能力 %3.%4</translation>
    </message>
</context>
<context>
    <name>convstudio::TemplateGalleryDialog</name>
    <message>
        <location filename="../widgets/builder/template_gallery_dialog.cpp" line="+19"/>
        <source>New Project</source>
        <translation>新建项目</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Start from a blank model or a template. Figures are for input %1 and %2 classes.</source>
        <translation>从空白模型或模板开始。数字按输入 %1 和 %2 个类别计算。</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Layers</source>
        <translation>层数</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Parameters</source>
        <translation>参数</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Description</source>
        <translation>说明</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Blank</source>
        <translation>空白</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>An Input and an Output block; add the rest from the palette.</source>
        <translation>一个输入模块和一个输出模块；其余模块从模块面板添加。</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>does not fit this input</source>
        <translation>不适用于此输入</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Create</source>
        <translation>创建</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <location filename="../app/gui/main.cpp" line="+22"/>
        <source>Build and train convolutional networks</source>
        <translation>搭建并训练卷积神经网络</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Interface language, e.g. zh_CN or en.</source>
        <translation>界面语言，例如 zh_CN 或 en。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Open the built-in example (Fashion-MNIST).</source>
        <translation>打开内置示例（Fashion-MNIST）。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Open a new project from a built-in template, e.g. resnet-small.</source>
        <translation>用内置模板新建项目，例如 resnet-small。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Save a picture of the window to FILE and quit.</source>
        <translation>将窗口截图保存到 FILE 后退出。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Milliseconds to wait before the screenshot.</source>
        <translation>截图前等待的毫秒数。</translation>
    </message>
</context>
</TS>
