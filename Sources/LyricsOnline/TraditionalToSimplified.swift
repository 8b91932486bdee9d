/// A compact table of Traditional Chinese characters and their Simplified forms, for comparing
/// names (no converter in the standard library; libopencc is a Debian package, but a system
/// library and its data files for one comparison weigh more than this table). Its limit: only
/// the 468 characters common in song titles and artist names are here, one character for
/// one (no phrases, no regional variants, no characters that map to several); any other
/// character stays as written, so a rarer Traditional character still compares as different.
enum TraditionalToSimplified {
  /// The Simplified form of one character, or the character itself.
  static func simplified(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
    table[scalar] ?? scalar
  }

  /// Traditional, then Simplified: two characters a pair, pairs separated by white space.
  static let pairs = """
    愛爱 們们 個个 來来 時时 說说 對对 會会 與与 過过 還还 這这 裡里
    裏里 沒没 後后 開开 關关 無无 風风 雲云 夢梦 憶忆 淚泪 聽听 聲声
    離离 戀恋 歡欢 樂乐 傷伤 憂忧 遠远 邊边 歲岁 燈灯 飛飞 鳥鸟 車车
    東东 語语 話话 詞词 見见 覺觉 親亲 陽阳 陰阴 頭头 從从 長长 門门
    問问 間间 閃闪 書书 畫画 華华 國国 學学 實实 體体 點点 當当 樣样
    兒儿 歸归 紅红 綠绿 藍蓝 線线 給给 終终 結结 經经 絕绝 網网 維维
    緣缘 續续 總总 為为 燒烧 熱热 懷怀 應应 戰战 擁拥 換换 壞坏 塵尘
    場场 現现 純纯 電电 輕轻 轉转 運运 選选 遺遗 銀银 鐵铁 陳陈 隱隐
    雞鸡 霧雾 靈灵 韓韩 順顺 須须 領领 題题 顯显 類类 飯饭 養养 麼么
    齊齐 傳传 傘伞 億亿 優优 兩两 別别 剛刚 創创 動动 勝胜 區区 單单
    嗎吗 嚴严 園园 圓圆 圖图 團团 壓压 夠够 寶宝 屬属 帶带 幫帮 廳厅
    彎弯 復复 戲戏 擊击 數数 敗败 斷断 曉晓 歷历 條条 極极 標标 樹树
    橋桥 機机 歐欧 殘残 氣气 漢汉 濃浓 濕湿 灣湾 燦灿 爭争 爾尔 牆墙
    獨独 環环 畢毕 異异 發发 盡尽 眾众 禮礼 種种 稱称 穩稳 窮穷 筆笔
    簡简 紀纪 約约 紙纸 級级 細细 組组 絲丝 統统 緊紧 練练 織织 繞绕
    繼继 聖圣 聯联 職职 腦脑 臉脸 舊旧 萬万 葉叶 蘭兰 藝艺 處处 號号
    裝装 規规 記记 設设 許许 訴诉 證证 詩诗 誰谁 調调 談谈 請请 論论
    講讲 識识 護护 讓让 變变 謝谢 讀读 豐丰 貝贝 負负 責责 貴贵 買买
    賣卖 費费 質质 贏赢 跡迹 躍跃 軍军 軟软 輝辉 輪轮 辦办 鄉乡 醫医
    釋释 針针 鈴铃 鋼钢 錄录 錢钱 錯错 鎖锁 鏡镜 鐘钟 閉闭 陸陆 險险
    雖虽 雙双 難难 雜杂 靜静 響响 頂顶 頓顿 顏颜 顧顾 飄飘 館馆 馬马
    驚惊 驗验 髮发 鬥斗 鬧闹 魚鱼 鳴鸣 麗丽 黃黄 黨党 齒齿 龍龙 龜龟
    憐怜 願愿 寫写 將将 專专 導导 層层 島岛 幾几 廣广 張张 強强 彈弹
    陣阵 隨随 塊块 寬宽 尋寻 恆恒 惡恶 態态 慣惯 慶庆 懶懒 戶户 掃扫
    掛挂 搖摇 擺摆 敵敌 暢畅 棄弃 榮荣 槍枪 毀毁 決决 況况 淨净 淺浅
    測测 湯汤 滅灭 滾滚 滿满 漸渐 灑洒 災灾 烏乌 煙烟 煩烦 營营 爛烂
    牽牵 狀状 獸兽 瘋疯 癡痴 確确 禍祸 節节 範范 紛纷 綿绵 緒绪 羅罗
    聞闻 膽胆 臨临 興兴 艷艳 藥药 蘋苹 觸触 計计 誤误 譯译 賞赏 較较
    輩辈 迴回 連连 週周 進进 遊游 達达 遙遥 適适 遲迟 鄰邻 鋒锋 錦锦
    閣阁 闊阔 隊队 隻只 韻韵 飽饱 餓饿 驕骄 鬱郁 鮮鲜 鴿鸽 鶴鹤 麵面
    齡龄 蝦虾 衛卫 術术 補补 視视 觀观 認认 議议 譜谱 資资 賽赛 趕赶
    輸输 違违 閱阅 頁页 預预 鬆松 傑杰 劍剑 勞劳 壯壮 嬌娇 屆届 幣币
    庫库 彥彦 徵征 擴扩 擾扰 斬斩 暈晕 曬晒 漁渔 潛潜 獎奖 瑣琐 盜盗
    碼码 筍笋 箏筝 籃篮 絨绒 縫缝 罰罚 翹翘 脈脉 艱艰 蠟蜡 衝冲 襪袜
    訂订 託托 誇夸 諒谅 謀谋 賓宾 賤贱 贈赠 趨趋 蹤踪 輔辅 輛辆 轟轰
    遞递 遷迁 醜丑 鉤钩 銷销 鍋锅 頑顽 頸颈 顫颤 餅饼 驟骤 鵝鹅 黴霉
    """

  static let table: [Unicode.Scalar: Unicode.Scalar] = {
    var table: [Unicode.Scalar: Unicode.Scalar] = [:]
    for pair in pairs.split(whereSeparator: { $0 == " " || $0 == "\n" }) {
      let scalars = Array(pair.unicodeScalars)
      table[scalars[0]] = scalars[1]
    }
    return table
  }()
}
