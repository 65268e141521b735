# Generator for /work/heldout2/search-sentences.json and search-conversations.json.
# Written by hand; the python only fills defaults so every expect has the same shape.
import json, re, collections

EU27 = ["AT","BE","BG","HR","CY","CZ","DK","EE","FI","FR","DE","GR","HU","IE","IT",
        "LV","LT","LU","MT","NL","PL","PT","RO","SK","SI","ES","SE"]
SEA = ["BN","KH","ID","LA","MY","MM","PH","SG","TH","TL","VN"]
NORDIC = ["DK","FI","IS","NO","SE"]
GCC = ["AE","BH","KW","OM","QA","SA"]


def P(en, zh, hs=None):
    d = {"en": en, "zh": zh}
    if hs:
        d["hs"] = hs
    return d


def E(products, countries, why, role="buyer", understood=True, region=None, exclude=(),
      origins=(), context=(), kinds=(), contact=(), size=None, other=None):
    d = {"understood": understood, "role": role, "products": list(products),
         "countries": list(countries)}
    if region:
        d["region"] = region
    d["exclude_countries"] = list(exclude)
    d["origins"] = list(origins)
    d["context_countries"] = list(context)
    d["kinds"] = list(kinds)
    d["contact"] = list(contact)
    if size:
        d["size"] = size
    if other:
        d["other"] = other
    d["why"] = why
    return d


cases = []


def C(lang, tags, sentence, expect):
    cases.append({"id": "b%03d" % (len(cases) + 1), "lang": lang, "tags": tags,
                  "sentence": sentence, "expect": expect})


# ---------------------------------------------------------------- Simplified Chinese (70)
LED_PANEL = P("LED panel lights", "LED面板灯", "9405")
SS_COOK = P("stainless steel cookware", "不锈钢厨具", "7323")
FURN = P("furniture", "家具", "9403")

C("zh", ["long"], "我们是宁波做不锈钢厨具的工厂，已经在做美国和加拿大市场，现在想开发澳洲和新西兰的经销商，最好是有邮箱的",
  E([SS_COOK], ["AU","NZ"], "Search AU+NZ distributors of stainless cookware with email; US/CA are markets they already serve, not targets.",
    context=["US","CA"], kinds=["distributor"], contact=["email"]))
C("zh", ["long"], "我们公司在义乌，主要做圣诞装饰品，以前一直靠广交会接单，客户大多是欧洲的，今年想试试南美，帮我找一下智利和秘鲁的进口商",
  E([P("Christmas decorations", "圣诞装饰品", "9505")], ["CL","PE"],
    "Chile+Peru importers of Christmas decorations; Europe is past customers (context), South America narrowed to CL/PE; Canton Fair is noise.",
    kinds=["importer"]))
C("zh", ["long"], "我是做汽配的，刹车片为主，中东市场做了好几年了，沙特阿联酋都有客户，现在想找非洲的，尼日利亚、加纳、肯尼亚这几个国家的批发商",
  E([P("brake pads", "刹车片")], ["NG","GH","KE"],
    "Wholesalers of brake pads in NG/GH/KE; SA/AE are existing customers (context). 'Africa' is narrowed to three named countries.",
    context=["SA","AE"], kinds=["wholesaler"]))
C("zh", ["place_spelling"], "找deguo的LED面板灯买家",
  E([LED_PANEL], ["DE"], "Pinyin 'deguo' = 德国 Germany."))
C("zh", ["place_spelling", "typo"], "帮我找得国的LED等进口商",
  E([P("LED lights", "LED灯")], ["DE"], "IME homophone typos: 得国 = 德国 (DE); 'LED等' = LED灯 (lights), 等 is not 'etc.'.",
    kinds=["importer"]))
C("zh", ["place_spelling"], "俄罗丝有没有做挖掘机配件的经销商",
  E([P("excavator parts", "挖掘机配件", "8431")], ["RU"], "俄罗丝 = 俄罗斯 Russia (homophone typo).", kinds=["distributor"]))
C("zh", ["place_spelling", "conditions"], "马来西压 家具进口商 要有电话的",
  E([FURN], ["MY"], "马来西压 = 马来西亚 Malaysia; requires phone.", kinds=["importer"], contact=["phone"]))
C("zh", ["place_spelling", "conditions"], "印渡的纺织机械买家，最好是大公司",
  E([P("textile machinery", "纺织机械")], ["IN"], "印渡 = 印度 India; 'preferably large'.", size="large"))
C("zh", ["long", "conditions"], "我们是佛山的瓷砖厂，做了十几年内销，今年开始做外贸，目前没有任何海外客户，想先从东南亚开始，越南泰国菲律宾都可以，要建材批发商或者工程承包商，五十人以上的",
  E([P("ceramic tiles", "瓷砖", "6907")], ["VN","TH","PH"],
    "Tile buyers in VN/TH/PH (SE Asia narrowed to three); two kinds joined with 或者; 五十人以上 = 50+ staff.",
    kinds=["wholesaler","contractor"], size="50+"))
C("zh", ["brand_place_product"], "找卖苹果手机壳的亚马逊卖家，美国的",
  E([P("iPhone cases", "苹果手机壳")], ["US"],
    "苹果 = Apple brand (iPhone cases), not fruit; 亚马逊卖家 = Amazon sellers as the buyer kind, not Amazon the company, not the Amazon region.",
    kinds=["online_seller"], other="sells on Amazon"))
C("zh", ["brand_place_product"], "山东苹果出口，找印尼和孟加拉的水果进口商",
  E([P("fresh apples", "苹果", "0808")], ["ID","BD"],
    "Here 苹果 is the fruit (Shandong apples, fruit importers) - not Apple. Origin CN (Shandong).",
    origins=["CN"], kinds=["importer"]))
C("zh", ["brand_place_product"], "意大利面生产线的买家，埃及和阿尔及利亚",
  E([P("pasta production line", "意大利面生产线", "8438")], ["EG","DZ"],
    "Machinery for making pasta; 意大利 is part of the product name, not a target country."))
C("zh", ["brand_place_product"], "非洲鲫鱼 冷冻的 找美国和墨西哥的进口商",
  E([P("frozen tilapia", "冷冻罗非鱼（非洲鲫鱼）")], ["US","MX"],
    "非洲鲫鱼 is a common name for tilapia; Africa is NOT a target region.", kinds=["importer"]))
C("zh", ["brand_place_product"], "荷兰豆 出口 新加坡 马来西亚 的进口商 蔬菜批发也行",
  E([P("snow peas", "荷兰豆", "0708")], ["SG","MY"],
    "荷兰豆 = snow peas; Netherlands is NOT a target. Importers, vegetable wholesalers also acceptable.",
    kinds=["importer","wholesaler"]))
C("zh", ["brand_place_product", "exclude"], "巴西木 找欧洲的花卉批发商 荷兰除外",
  E([P("dracaena (Brazilian lucky wood) plants", "巴西木", "0602")], [],
    "巴西木 = Dracaena plant (Brazil is not a target); Europe open-ended, Netherlands excluded.",
    region="Europe", exclude=["NL"], kinds=["wholesaler"]))
C("zh", ["brand_place_product"], "日本豆腐的买家 韩国有吗",
  E([P("egg tofu (Japanese tofu)", "日本豆腐")], ["KR"],
    "日本豆腐 is a Chinese name for egg tofu; Japan is NOT the target, Korea is."))
C("zh", ["brand_place_product"], "新疆棉纱 找孟加拉和巴基斯坦的纺织厂采购",
  E([P("cotton yarn", "棉纱", "5205")], ["BD","PK"],
    "Buyers are spinning/weaving mills (manufacturers acting as BUYERS of yarn); Xinjiang = origin CN, not a country filter.",
    origins=["CN"], kinds=["manufacturer"]))
C("zh", ["conditions"], "美国的宠物用品进口商，一百到五百人，要有采购经理的联系方式",
  E([P("pet supplies", "宠物用品")], ["US"], "一百到五百人 = 100-500 staff; wants a named purchasing manager.",
    kinds=["importer"], size="100-500", contact=["decision_maker"]))
C("zh", ["conditions"], "两百人以下的西班牙咖啡机经销商",
  E([P("coffee machines", "咖啡机")], ["ES"], "两百人以下 = at most 200 staff (size condition placed before the noun).",
    kinds=["distributor"], size="<=200"))
C("zh", ["long", "conditions"], "我们做PP和PE再生颗粒的，国内现在卖不动了，想出口试试，最近三个月有进口记录的越南塑料颗粒买家帮我找找",
  E([P("recycled PP/PE plastic pellets", "PP/PE再生塑料颗粒")], ["VN"],
    "Vietnam buyers with import records in the last 3 months; 国内 is the user's home market (China), not searched.",
    other="import record within last 3 months"))
C("zh", ["conditions"], "找一下沙特的空调进口商和批发商，要有WhatsApp的",
  E([P("air conditioners", "空调", "8415")], ["SA"], "Two kinds joined (和); WhatsApp required.",
    kinds=["importer","wholesaler"], contact=["whatsapp"]))
C("zh", ["role_supplier"], "帮我找越南的腰果供应商，要能出口的工厂",
  E([P("cashew nuts", "腰果", "0801")], ["VN"], "User wants SUPPLIERS (cashew processing factories in Vietnam) able to export.",
    role="supplier", kinds=["manufacturer"], other="able to export"))
C("zh", ["long"], "我们在深圳做充电宝和数据线，主要走亚马逊，现在想做B端，找欧洲的电子产品分销商，德国法国意大利优先，公司不要太小",
  E([P("power banks", "充电宝"), P("data/charging cables", "数据线", "8544")], ["DE","FR","IT"],
    "Europe with DE/FR/IT prioritised; Amazon is their current channel (not a target kind); 'not too small'.",
    region="Europe", kinds=["distributor"], size="not_small"))
C("zh", ["brand_place_product"], "土耳其毛巾 美国买家",
  E([P("Turkish towels (peshtemal)", "土耳其毛巾", "6302")], ["US"],
    "Turkish towel is a product style; Turkey is NOT a target."))
C("zh", ["long", "region"], "我们是做户外家具的，藤编和铝合金的都有，西欧和南欧做得比较多，帮我看看北欧有没有大一点的零售商或者连锁店",
  E([P("outdoor furniture (rattan, aluminium)", "户外家具（藤编、铝合金）")], NORDIC,
    "Nordic region = DK/FI/IS/NO/SE; Western/Southern Europe are context regions; retailers/chains, larger ones.",
    region="Nordic", kinds=["retailer"], size="large"))
C("zh", [], "找迪拜的手机配件批发商",
  E([P("mobile phone accessories", "手机配件")], ["AE"], "Dubai -> AE (city named; Dubai preferred).",
    kinds=["wholesaler"], other="located in Dubai"))
C("zh", ["long", "conditions"], "我们是做瓷砖和卫浴的，以前一直做俄罗斯市场，但是现在卢布汇率不稳定，想看看中亚，哈萨克斯坦和乌兹别克斯坦的建材进口商，要有邮箱和电话",
  E([P("ceramic tiles", "瓷砖", "6907"), P("sanitary ware", "卫浴")], ["KZ","UZ"],
    "Russia is past market (context); Central Asia narrowed to KZ/UZ; both email and phone required.",
    context=["RU"], kinds=["importer"], contact=["email","phone"]))
C("zh", ["place_spelling"], "找meiguo的瑜伽垫买家",
  E([P("yoga mats", "瑜伽垫")], ["US"], "Pinyin meiguo = 美国 USA."))
C("zh", ["place_spelling"], "yinni 的摩托车配件进口商",
  E([P("motorcycle parts", "摩托车配件", "8714")], ["ID"], "Pinyin yinni = 印尼 Indonesia.", kinds=["importer"]))
C("zh", ["place_spelling"], "菲律兵的大米进口商",
  E([P("rice", "大米", "1006")], ["PH"], "菲律兵 = 菲律宾 Philippines (typo).", kinds=["importer"]))
C("zh", ["role_supplier", "typo"], "马来西亚的榴连供应商",
  E([P("durian", "榴莲", "0810")], ["MY"], "榴连 = 榴莲 durian (typo); wants suppliers in Malaysia.", role="supplier"))
C("zh", ["place_spelling"], "澳大立亚的太阳能板安装商",
  E([P("solar panels", "太阳能板", "8541")], ["AU"], "澳大立亚 = 澳大利亚 Australia (typo); installers buy panels.",
    kinds=["installer"]))
C("zh", ["conditions"], "南非 光伏逆变器 分销商 五十人以上",
  E([P("solar inverters", "光伏逆变器", "8504")], ["ZA"], "Space-separated keywords; 五十人以上 = 50+.",
    kinds=["distributor"], size="50+"))
C("zh", ["long"], "我是做假发的，许昌的，之前一直做美国黑人市场，现在想做尼日利亚和南非，找当地的美发用品批发商和美容院连锁",
  E([P("human hair wigs", "假发", "6704")], ["NG","ZA"],
    "US is the past market (context); targets NG/ZA; hair-supply wholesalers and salon chains.",
    context=["US"], kinds=["wholesaler","retailer"], other="salon chains count as retailers"))
C("zh", ["brand_place_product"], "找三星手机壳的批发商，越南的",
  E([P("Samsung phone cases", "三星手机壳")], ["VN"], "Samsung is a Korean brand - Korea is NOT the target; Vietnam is.",
    kinds=["wholesaler"]))
C("zh", ["brand_place_product", "region"], "特斯拉充电桩 欧洲 安装商和经销商",
  E([P("EV chargers (Tesla-compatible)", "特斯拉充电桩")], [],
    "Tesla is a brand qualifier; Europe open-ended; installers and distributors.",
    region="Europe", kinds=["installer","distributor"]))
C("zh", ["brand_place_product"], "松下电池的代理商 印度",
  E([P("Panasonic batteries", "松下电池")], ["IN"], "松下 = Panasonic (Japanese brand) - Japan NOT a target; agents in India.",
    kinds=["agent"]))
C("zh", ["conditions"], "只要进口商，不要贸易公司，德国的汽车脚垫",
  E([P("car floor mats", "汽车脚垫")], ["DE"], "Importers only, explicitly excluding trading companies.",
    kinds=["importer"], other="exclude trading companies"))
C("zh", ["conditions"], "找英国的茶叶品牌商，有决策人邮箱的",
  E([P("tea", "茶叶", "0902")], ["GB"], "英国 -> GB (not 'UK'); brand owners with decision-maker email.",
    kinds=["brand_owner"], contact=["email","decision_maker"]))
C("zh", ["long", "conditions"], "老板让我找客户，我们是做PVC地板的，之前美国卖得还行但是关税太高了，所以想转去墨西哥和加拿大，要地板经销商或者装修公司，有邮箱最好",
  E([P("PVC flooring (SPC/LVT)", "PVC地板", "3918")], ["MX","CA"],
    "US is the past market (tariffs) - context only; MX+CA flooring distributors or renovation contractors; email preferred.",
    context=["US"], kinds=["distributor","contractor"], contact=["email"]))
C("zh", ["ambiguous"], "帮我找客户",
  E([], [], "No product, no place, no kind: a human would have to ask what they sell.", understood=False))
C("zh", ["ambiguous"], "在吗 有没有欧洲的",
  E([], [], "Greeting + 'any European ones?' with no product and no prior chat; cannot search.", understood=False,
    region="Europe"))
C("zh", ["ambiguous"], "五金",
  E([P("hardware", "五金")], [], "A single broad product word; searchable (hardware buyers, anywhere) but very vague - see README."))
C("zh", ["long"], "我们是一家做咖啡机的贸易公司，产品是在广东工厂生产的，已经有韩国和日本的客户，想扩展到台湾和香港，找咖啡店连锁或者咖啡设备经销商",
  E([P("coffee machines", "咖啡机")], ["TW","HK"],
    "KR/JP are existing customers (context); targets Taiwan and Hong Kong (separate ISO codes TW, HK).",
    context=["KR","JP"], kinds=["retailer","distributor"], other="coffee shop chains or coffee equipment distributors"))
C("zh", ["conditions"], "墨西哥的轮胎进口商，一百人以上，最好有WhatsApp",
  E([P("tyres", "轮胎", "4011")], ["MX"], "一百人以上 = 100+; WhatsApp preferred.",
    kinds=["importer"], size="100+", contact=["whatsapp"]))
C("zh", [], "要智利的，做水果包装的，纸箱买家",
  E([P("corrugated cartons", "纸箱", "4819")], ["CL"], "Buyers of cartons who are fruit packers in Chile.",
    other="fruit packing companies"))
C("zh", ["role_supplier"], "不要买家，帮我找印度的棉纱工厂",
  E([P("cotton yarn", "棉纱", "5205")], ["IN"], "Explicitly NOT buyers: wants cotton yarn mills in India (suppliers).",
    role="supplier", kinds=["manufacturer"]))
C("zh", [], "巴西和阿根廷的农机进口商",
  E([P("agricultural machinery", "农机")], ["BR","AR"], "Plain two-country query.", kinds=["importer"]))
C("zh", ["long", "region"], "我们是江苏做电动自行车的，欧盟反倾销税太高了，欧洲基本做不了，现在考虑美国和中东，美国要大的零售商，中东要经销商",
  E([P("electric bicycles", "电动自行车", "8711")], ["US"],
    "Targets US (large retailers) + Middle East (distributors, open-ended); EU is context (anti-dumping), not searched. Per-country kinds cannot be expressed in the flat shape.",
    region="Middle East", kinds=["retailer","distributor"], size="large",
    other="US: large retailers; Middle East: distributors"))
C("zh", ["long", "conditions"], "我们是永康做五金工具的，电钻角磨机这些，西欧做得差不多了，想开发东欧，波兰捷克匈牙利，找工具分销商，规模一百人以上",
  E([P("power tools (drills, angle grinders)", "电动工具（电钻、角磨机）", "8467")], ["PL","CZ","HU"],
    "Eastern Europe narrowed to PL/CZ/HU; Western Europe is context; 100+ staff.",
    kinds=["distributor"], size="100+"))
C("zh", ["conditions"], "意大利的陶瓷洁具进口商，员工五十人以上",
  E([P("ceramic sanitary ware", "陶瓷洁具", "6910")], ["IT"], "员工五十人以上 = 50+ employees.",
    kinds=["importer"], size="50+"))
C("zh", ["conditions"], "找法国的宠物食品进口商，规模大一点的",
  E([P("pet food", "宠物食品", "2309")], ["FR"], "'somewhat larger' = size large.", kinds=["importer"], size="large"))
C("zh", ["typo", "conditions"], "阿联酋 迪拜 的 化妆品 分销商 要有 邮相",
  E([P("cosmetics", "化妆品", "3304")], ["AE"], "邮相 = 邮箱 (typo) -> email required; Dubai is within AE.",
    kinds=["distributor"], contact=["email"], other="Dubai"))
C("zh", [], "土耳其 的 纺织面料 买家",
  E([P("textile fabrics", "纺织面料")], ["TR"], "Turkey as a country here (not a product style)."))
C("zh", ["long", "conditions"], "我们是温州做阀门的，产品有API认证，之前主要做中东的石油项目，沙特和科威特，现在想找俄罗斯和哈萨克斯坦的油气设备经销商，要有电话和邮箱",
  E([P("industrial valves", "阀门", "8481")], ["RU","KZ"],
    "SA/KW are past project markets (context); API cert describes the seller, not a filter.",
    context=["SA","KW"], kinds=["distributor"], contact=["phone","email"], other="oil & gas equipment distributors"))
C("zh", ["region"], "东南亚的电动滑板车买家",
  E([P("electric scooters", "电动滑板车")], SEA, "Southeast Asia = 11 countries.", region="Southeast Asia"))
C("zh", ["long", "conditions"], "我们是中山的小家电厂，空气炸锅和电水壶，美国客户被关税搞得不下单了，想找加拿大的进口商和批发商",
  E([P("air fryers", "空气炸锅"), P("electric kettles", "电水壶")], ["CA"],
    "US is context (customers stopped ordering); Canada importers and wholesalers.",
    context=["US"], kinds=["importer","wholesaler"]))
C("zh", ["long"], "我们是一家做儿童玩具的工厂，在汕头澄海，有自己的品牌，美国欧洲都有代理，现在想开发中东，主要是沙特、阿联酋和卡塔尔，要大型连锁超市或者玩具店",
  E([P("toys", "儿童玩具", "9503")], ["SA","AE","QA"],
    "US (and Europe) already have agents = context; Middle East narrowed to SA/AE/QA; large supermarket chains or toy stores.",
    region="Middle East", context=["US"], kinds=["retailer"], size="large"))
C("zh", ["conditions"], "沙特有没有做清真食品的进口商，我们是做调味品的",
  E([P("seasonings / condiments", "调味品")], ["SA"], "Product is the user's (seasonings); halal food importers in Saudi.",
    kinds=["importer"], other="halal food importers"))
C("zh", [], "帮我找下英国和爱尔兰的卫浴经销商",
  E([P("bathroom / sanitary ware", "卫浴")], ["GB","IE"], "UK -> GB; Ireland separate.", kinds=["distributor"]))
C("zh", ["long", "conditions"], "我们是扬州做太阳能路灯的，之前在非洲做过几个政府项目，现在想找最近半年从中国进口过太阳能路灯的尼日利亚公司，工程商和经销商都行",
  E([P("solar street lights", "太阳能路灯", "9405")], ["NG"],
    "China is the ORIGIN of imports, not a target; recent imports (6 months); contractors or distributors.",
    origins=["CN"], kinds=["contractor","distributor"], other="imported from China in last 6 months"))
C("zh", ["role_supplier"], "韩国 化妆品 供应商 OEM工厂",
  E([P("cosmetics", "化妆品", "3304")], ["KR"], "Supplier search: Korean cosmetics OEM factories.",
    role="supplier", kinds=["manufacturer"], other="OEM"))
C("zh", ["place_spelling"], "新价坡的海鲜进口商",
  E([P("seafood", "海鲜")], ["SG"], "新价坡 = 新加坡 Singapore (typo).", kinds=["importer"]))
C("zh", ["place_spelling"], "西斑牙和葡萄牙的门窗经销商",
  E([P("doors and windows", "门窗")], ["ES","PT"], "西斑牙 = 西班牙 Spain (typo).", kinds=["distributor"]))
C("zh", ["long", "conditions"], "我是阿里巴巴国际站的业务员，做的是食品包装机械，平台上的询盘越来越少了，想主动开发一下客户，目标是越南、印尼和泰国的食品厂，要有采购负责人的联系方式",
  E([P("food packaging machinery", "食品包装机械", "8422")], ["VN","ID","TH"],
    "Alibaba is their platform (noise); buyers are food factories (manufacturers as buyers); named purchasing contact.",
    kinds=["manufacturer"], contact=["decision_maker"], other="food factories"))
C("zh", ["conditions"], "澳洲的宠物用品 有邮箱的经销商 不要亚马逊卖家",
  E([P("pet supplies", "宠物用品")], ["AU"], "Distributors with email; explicitly excludes Amazon sellers.",
    kinds=["distributor"], contact=["email"], other="exclude Amazon sellers"))
C("zh", [], "找肯尼亚和坦桑尼亚的二手衣服进口商",
  E([P("second-hand clothing", "二手衣服", "6309")], ["KE","TZ"], "Plain query; used clothing.", kinds=["importer"]))
C("zh", ["region"], "北美 的 汽车 LED 大灯 批发商",
  E([P("automotive LED headlights", "汽车LED大灯", "8512")], ["US","CA"],
    "北美 = US+CA in usual trade talk (MX arguable, see README).", region="North America", kinds=["wholesaler"]))
C("zh", ["long", "conditions"], "我们公司是做光伏支架的，在厦门，产品主要出口日本和澳洲，日本那边客户比较稳定，想再开发一下欧洲市场，特别是德国和荷兰的光伏安装商和EPC公司，五十到两百人的规模",
  E([P("solar mounting structures", "光伏支架")], ["DE","NL"],
    "JP/AU are existing markets (context); Europe with DE/NL specifically; 50-200 staff.",
    region="Europe", context=["JP","AU"], kinds=["installer","contractor"], size="50-200"))
C("zh", ["region"], "中东地区的LED显示屏经销商，迪拜和沙特为主",
  E([P("LED display screens", "LED显示屏")], ["AE","SA"], "Middle East with AE (Dubai) and SA as main focus.",
    region="Middle East", kinds=["distributor"]))

# ---------------------------------------------------------------- Traditional Chinese (25)
C("zh-Hant", [], "請幫我找德國的LED面板燈進口商",
  E([LED_PANEL], ["DE"], "Traditional characters; plain query.", kinds=["importer"]))
C("zh-Hant", ["long", "conditions"], "我們是台中做手工具的廠商，外銷美國跟日本已經二十幾年了，最近想拓展東南亞市場，想找越南和泰國的五金盤商或通路商，有聯絡電話的優先",
  E([P("hand tools", "手工具")], ["VN","TH"],
    "Taiwan wording: 盤商 = wholesaler, 通路商 = distributor/channel; US/JP are context; phone preferred.",
    context=["US","JP"], kinds=["wholesaler","distributor"], contact=["phone"]))
C("zh-Hant", [], "幫我搵下澳洲嘅咖啡豆入口商",
  E([P("coffee beans", "咖啡豆", "0901")], ["AU"], "Cantonese (HK): 搵 = find, 入口商 = importer.", kinds=["importer"]))
C("zh-Hant", ["conditions"], "日本的自行車零件代理商，公司規模大一點的",
  E([P("bicycle parts", "自行車零件", "8714")], ["JP"], "代理商 = agent/distributor; larger companies.",
    kinds=["agent"], size="large"))
C("zh-Hant", ["brand_place_product"], "找賣蘋果周邊配件的經銷商，馬來西亞跟新加坡",
  E([P("Apple accessories", "蘋果周邊配件")], ["MY","SG"], "蘋果周邊 = Apple-brand accessories, not fruit.",
    kinds=["distributor"]))
C("zh-Hant", ["brand_place_product"], "泰國茉莉香米 找香港和新加坡的進口商",
  E([P("Thai jasmine rice", "泰國茉莉香米", "1006")], ["HK","SG"],
    "Thailand is the goods' origin, NOT a target; HK and SG importers.", origins=["TH"], kinds=["importer"]))
C("zh-Hant", ["long", "conditions"], "我哋係香港嘅貿易公司，主要做電子零件，客戶多數喺大陸同台灣，而家想搵歐洲嘅分銷商，德國同英國優先，要有email",
  E([P("electronic components", "電子零件")], ["DE","GB"],
    "Cantonese; 大陸 = mainland China (CN) and TW are existing customers (context); Europe with DE/GB priority.",
    region="Europe", context=["HK","CN","TW"], kinds=["distributor"], contact=["email"]))
C("zh-Hant", ["place_spelling"], "義大力的家具進口商",
  E([FURN], ["IT"], "義大力 = 義大利 Italy (typo).", kinds=["importer"]))
C("zh-Hant", ["conditions"], "沙烏地阿拉伯 空調 經銷商 員工一百人以上",
  E([P("air conditioners", "空調", "8415")], ["SA"], "Taiwan name for Saudi Arabia; 100+ staff.",
    kinds=["distributor"], size="100+"))
C("zh-Hant", [], "紐西蘭的保健食品通路商",
  E([P("health supplements", "保健食品")], ["NZ"], "通路商 = distributor/channel partner.", kinds=["distributor"]))
C("zh-Hant", ["long", "conditions"], "我們公司在桃園，做工業用的不織布，以前主要賣給國內的口罩廠，現在想外銷，目標是越南、印尼的衛生用品工廠，要找採購窗口",
  E([P("nonwoven fabric", "不織布", "5603")], ["VN","ID"],
    "Buyers are hygiene-product factories; 採購窗口 = purchasing contact person; 國內 = Taiwan home market (context, unnamed).",
    kinds=["manufacturer"], contact=["decision_maker"], other="hygiene product factories"))
C("zh-Hant", [], "找杜拜跟阿曼的建材貿易商",
  E([P("building materials", "建材")], ["AE","OM"], "杜拜 = Dubai (AE, Taiwan spelling); 貿易商 = trading company.",
    kinds=["trading_company"]))
C("zh-Hant", ["role_supplier"], "幫我找越南的成衣代工廠，要做針織的",
  E([P("knitted garments", "針織成衣")], ["VN"], "Supplier search: garment OEM factories in Vietnam, knitwear.",
    role="supplier", kinds=["manufacturer"], other="OEM"))
C("zh-Hant", ["brand_place_product"], "Dove 沐浴乳 的 批發商 菲律賓",
  E([P("Dove body wash", "Dove沐浴乳")], ["PH"], "Dove is a brand (not the bird); Philippines wholesalers.",
    kinds=["wholesaler"]))
C("zh-Hant", ["long", "conditions"], "我們是一間台灣的寵物用品品牌，已經在日本跟香港有通路，現在想找美國跟加拿大的寵物用品零售商，要有公司網站跟電郵",
  E([P("pet supplies", "寵物用品")], ["US","CA"], "TW base, JP/HK existing channels = context; retailers with website and email.",
    context=["TW","JP","HK"], kinds=["retailer"], contact=["website","email"]))
C("zh-Hant", ["brand_place_product", "region"], "比利時鬆餅機 找歐洲的餐飲設備經銷商",
  E([P("Belgian waffle makers", "比利時鬆餅機")], [], "Belgian is a waffle style; Europe open-ended (Belgium not specifically).",
    region="Europe", kinds=["distributor"], other="catering equipment distributors"))
C("zh-Hant", ["role_supplier", "conditions"], "南韓的面膜代工廠，要能接小單的",
  E([P("sheet face masks", "面膜", "3304")], ["KR"], "Supplier search; 代工廠 = OEM factory; accepts small orders.",
    role="supplier", kinds=["manufacturer"], other="OEM, accepts small orders"))
C("zh-Hant", ["long"], "我哋公司做緊LED燈帶，主要賣俾中東同非洲嘅客，今年想試下南美，巴西同哥倫比亞，搵啲燈飾批發商或者工程公司",
  E([P("LED strip lights", "LED燈帶", "9405")], ["BR","CO"],
    "Cantonese; Middle East/Africa are context regions; South America narrowed to BR/CO.",
    kinds=["wholesaler","contractor"]))
C("zh-Hant", ["place_spelling"], "印度泥西亞的機車零件進口商",
  E([P("motorcycle parts", "機車零件", "8714")], ["ID"],
    "印度泥西亞 = 印度尼西亞 Indonesia (typo) - trap: starts with 印度 (India). 機車 = motorcycle in Taiwan.",
    kinds=["importer"]))
C("zh-Hant", ["region", "conditions"], "荷蘭、比利時、盧森堡的自行車經銷商，最好是有門市的",
  E([P("bicycles", "自行車", "8712")], ["NL","BE","LU"], "Benelux listed by name; preferably with physical stores.",
    kinds=["distributor"], other="has physical store"))
C("zh-Hant", ["conditions"], "墨西哥的汽車零件批發商，員工兩百人以下，有WhatsApp的",
  E([P("auto parts", "汽車零件", "8708")], ["MX"], "兩百人以下 = <=200 staff; WhatsApp.",
    kinds=["wholesaler"], size="<=200", contact=["whatsapp"]))
C("zh-Hant", ["long", "region", "conditions"], "我們是做機能布料的，已經有賣給美國的戶外品牌，像是大型的運動品牌，最近想開發歐洲的中小型戶外品牌，北歐跟德國優先",
  E([P("functional / performance fabrics", "機能布料")], ["DE"] + NORDIC,
    "US is context; Europe with Nordic + DE prioritised; small-to-medium outdoor brands (size is 'small_medium', opposite of usual 'large').",
    region="Europe", context=["US"], kinds=["brand_owner"], size="small_medium"))
C("zh-Hant", [], "請問有加拿大的木地板經銷商嗎？",
  E([P("wood flooring", "木地板")], ["CA"], "Polite question form.", kinds=["distributor"]))
C("zh-Hant", ["ambiguous"], "我想找客戶，不知道怎麼開始",
  E([], [], "No product or place; a request for advice, not a search.", understood=False))
C("zh-Hant", ["role_supplier", "region"], "找中東的椰棗供應商，沙烏地或阿聯都可以",
  E([P("dates (fruit)", "椰棗", "0804")], ["SA","AE"], "Supplier search; 阿聯 = UAE.",
    role="supplier", region="Middle East"))

# ---------------------------------------------------------------- English (50)
C("en", ["long"], "We're a Vietnamese furniture maker, mostly solid acacia dining sets, and we've been selling to Japan through a trading house for about five years; now we're looking for importers in the UK and Ireland.",
  E([P("solid wood dining furniture", "实木餐桌椅", "9403")], ["GB","IE"],
    "VN is the user's base and JP the current market - both context; targets GB+IE importers.",
    context=["VN","JP"], kinds=["importer"]))
C("en", ["long", "conditions"], "Hi, I work for a ceramic tableware factory in Chaozhou, China. Most of our customers are in the US and Europe. We'd like to find restaurant supply distributors in Australia, preferably with 50+ employees.",
  E([P("ceramic tableware", "陶瓷餐具")], ["AU"], "CN base + US/Europe customers are context; AU only.",
    context=["CN","US"], kinds=["distributor"], size="50+", other="restaurant supply"))
C("en", ["place_spelling"], "LED panel light buyers in Deutschland",
  E([LED_PANEL], ["DE"], "Deutschland = Germany."))
C("en", ["place_spelling"], "solar panel distributors in Espana",
  E([P("solar panels", "太阳能板", "8541")], ["ES"], "Espana (no tilde) = Spain.", kinds=["distributor"]))
C("en", ["long", "place_spelling", "conditions"], "We are a Chinese auto parts exporter, mainly suspension parts like control arms and ball joints, selling to Russia and the Middle East for years. Now we want importers in Brasil, only ones with WhatsApp.",
  E([P("suspension parts", "悬挂件", "8708")], ["BR"], "Brasil = Brazil; CN base and RU/Middle East markets are context.",
    context=["CN","RU"], kinds=["importer"], contact=["whatsapp"]))
C("en", ["place_spelling"], "Türkiye textile machinery buyers",
  E([P("textile machinery", "纺织机械")], ["TR"], "Türkiye = Turkey."))
C("en", ["place_spelling"], "furniture hardware importers Viet Nam",
  E([P("furniture hardware", "家具五金")], ["VN"], "Viet Nam (two words) = Vietnam.", kinds=["importer"]))
C("en", ["place_spelling", "conditions"], "KSA building materials distributors, large companies only",
  E([P("building materials", "建材")], ["SA"], "KSA = Kingdom of Saudi Arabia.", kinds=["distributor"], size="large"))
C("en", ["place_spelling"], "wholesalers of kitchen sinks in Germnay",
  E([P("kitchen sinks", "厨房水槽")], ["DE"], "Germnay = Germany (typo).", kinds=["wholesaler"]))
C("en", ["place_spelling"], "rice importers in the Phillipines",
  E([P("rice", "大米", "1006")], ["PH"], "Phillipines = Philippines (common misspelling).", kinds=["importer"]))
C("en", ["place_spelling", "ambiguous"], "find coffee machine distributers in Columbia",
  E([P("coffee machines", "咖啡机")], ["CO"],
    "Columbia is the very common misspelling of Colombia; could also be British Columbia/Columbia SC, but the country reading is most likely.",
    kinds=["distributor"]))
C("en", ["brand_place_product"], "fine bone china importers in the UK",
  E([P("bone china tableware", "骨瓷餐具", "6911")], ["GB"], "'china' = porcelain; China (CN) is NOT a country here.",
    kinds=["importer"]))
C("en", ["brand_place_product"], "Jaguar Land Rover aftermarket parts distributors in UAE",
  E([P("Jaguar Land Rover aftermarket parts", "捷豹路虎售后配件", "8708")], ["AE"], "Car brand, not the animal; GB (brand home) not a target.",
    kinds=["distributor"]))
C("en", ["brand_place_product"], "Panasonic air conditioner dealers in Malaysia",
  E([P("Panasonic air conditioners", "松下空调", "8415")], ["MY"], "Panasonic is Japanese - JP not a target; dealers ~ distributors.",
    kinds=["distributor"]))
C("en", ["long", "brand_place_product"], "Our factory in Guangzhou does private label soap and body wash, similar quality to Dove. Who imports Dove soap in Nigeria? Those are the buyers I want to reach, preferably big ones.",
  E([P("soap", "香皂", "3401"), P("body wash", "沐浴露")], ["NG"],
    "Dove is a brand (not bird): find Nigerian importers of Dove/branded soap; Guangzhou base is context.",
    kinds=["importer"], size="large", other="importers of Dove-brand soap"))
C("en", ["brand_place_product"], "fresh blackberry importers in Canada",
  E([P("fresh blackberries", "新鲜黑莓", "0810")], ["CA"], "Fruit, not BlackBerry phones (a Canadian brand - extra trap).",
    kinds=["importer"]))
C("en", ["brand_place_product"], "Amazon sellers in the US who sell yoga mats",
  E([P("yoga mats", "瑜伽垫")], ["US"], "Amazon = marketplace sellers as buyer kind; not Amazon Inc., not Brazil.",
    kinds=["online_seller"], other="sells on Amazon"))
C("en", ["brand_place_product"], "distributors of Shell lubricants in Kenya",
  E([P("Shell lubricants", "壳牌润滑油", "2710")], ["KE"], "Shell is the oil brand, not seashells.", kinds=["distributor"]))
C("en", ["brand_place_product"], "Tesla charger installers in Norway",
  E([P("EV chargers (Tesla-compatible)", "特斯拉充电桩")], ["NO"], "Tesla is a brand qualifier; US not a target.",
    kinds=["installer"]))
C("en", ["brand_place_product"], "Samsung phone cases wholesalers in Poland",
  E([P("Samsung phone cases", "三星手机壳")], ["PL"], "Korea not a target.", kinds=["wholesaler"]))
C("en", ["brand_place_product"], "Boston fern buyers in the Netherlands",
  E([P("Boston fern plants", "波士顿蕨", "0602")], ["NL"], "A plant; Boston/US is not a target."))
C("en", ["long", "brand_place_product", "conditions"], "I run sales for a textile mill in Denizli, Turkey. We make Turkish towels and peshtemals, mostly cotton with some linen blends. Looking for importers in the USA and Canada; small boutiques are fine too.",
  E([P("Turkish towels (peshtemal)", "土耳其毛巾", "6302")], ["US","CA"],
    "Turkey is the user's base (context), not a target even though the product is 'Turkish'.",
    context=["TR"], kinds=["importer","retailer"], other="small boutiques acceptable"))
C("en", ["brand_place_product"], "Brazil nuts buyers in Germany",
  E([P("Brazil nuts", "巴西坚果", "0801")], ["DE"], "Brazil is in the product name only."))
C("en", ["brand_place_product"], "frozen french fries importers in Saudi Arabia and Qatar",
  E([P("frozen french fries", "冷冻薯条", "2004")], ["SA","QA"], "French is a product name; France not a target.",
    kinds=["importer"]))
C("en", ["brand_place_product", "conditions"], "cast iron dutch oven retailers in the US, must have email",
  E([P("cast iron dutch ovens", "铸铁珐琅锅", "7323")], ["US"], "Dutch oven is cookware; NL not a target.",
    kinds=["retailer"], contact=["email"]))
C("en", ["brand_place_product"], "panama hat wholesalers in Italy",
  E([P("panama hats", "巴拿马草帽", "6504")], ["IT"], "Panama is the hat style; PA not a target.", kinds=["wholesaler"]))
C("en", ["brand_place_product"], "chinese cabbage importers in Malaysia",
  E([P("Chinese cabbage (napa)", "大白菜", "0704")], ["MY"], "Chinese is part of the vegetable name; CN not a target.",
    kinds=["importer"]))
C("en", ["brand_place_product"], "Philippine mango importers in Hong Kong and Korea",
  E([P("Philippine mangoes", "菲律宾芒果", "0804")], ["HK","KR"], "PH is origin only; 'Korea' = South Korea (KR).",
    origins=["PH"], kinds=["importer"]))
C("en", ["brand_place_product"], "swiss roll cake distributors in Indonesia",
  E([P("Swiss roll cakes", "瑞士卷", "1905")], ["ID"], "Swiss roll is a cake; CH not a target.", kinds=["distributor"]))
C("en", ["brand_place_product", "region"], "belgian waffle machine buyers in the Middle East",
  E([P("Belgian waffle machines", "比利时华夫饼机")], [], "BE is not a target; Middle East open-ended.", region="Middle East"))
C("en", ["brand_place_product"], "indian human hair wig buyers in South Africa and Ghana",
  E([P("Indian human hair wigs", "印度真人发假发", "6704")], ["ZA","GH"],
    "'Indian hair' names the raw-hair origin (IN), not a target.", origins=["IN"]))
C("en", ["long"], "We are a coffee exporter in Huila, Colombia, and we've been selling to US specialty shops for three years. We want to expand into South Korea and Japan - could you find specialty coffee importers or roasters there who buy green beans?",
  E([P("green coffee beans", "咖啡生豆", "0901")], ["KR","JP"], "CO base + US market = context; roasters are manufacturers acting as buyers.",
    context=["CO","US"], kinds=["importer","manufacturer"], other="specialty coffee roasters"))
C("en", ["long"], "Our company manufactures nitrile gloves in Malaysia. We currently supply hospitals in the Middle East through a distributor in Dubai, but we want direct relationships with medical supply distributors in Germany, France and the Netherlands.",
  E([P("nitrile gloves", "丁腈手套", "4015")], ["DE","FR","NL"], "MY base and Dubai distributor are context.",
    context=["MY","AE"], kinds=["distributor"], other="medical supply"))
C("en", ["long", "role_supplier", "exclude"], "I'm sourcing for a startup in Texas. We sell eco-friendly bathroom products online. We need a manufacturer of bamboo toothbrushes, ideally in Vietnam or Thailand rather than China, with FSC certification.",
  E([P("bamboo toothbrushes", "竹牙刷", "9603")], ["VN","TH"],
    "Supplier search; China explicitly not wanted; Texas/US is user's base (context).",
    role="supplier", exclude=["CN"], context=["US"], kinds=["manufacturer"], other="FSC certified"))
C("en", ["long", "conditions"], "We've been exporting aluminium windows to Australia for years and the market is saturated. Next target is New Zealand and maybe Fiji. Looking for builders or window distributors with more than 20 staff.",
  E([P("aluminium windows", "铝合金窗", "7610")], ["NZ","FJ"], "AU is context; Fiji is tentative ('maybe').",
    context=["AU"], kinds=["contractor","distributor"], size="20+"))
C("en", ["long"], "We're a Shenzhen lighting company. Our LED grow lights sell well on Amazon US, but we want B2B now - please find distributors or wholesalers of grow lights in Canada and the Netherlands.",
  E([P("LED grow lights", "LED植物生长灯", "9405")], ["CA","NL"], "Amazon US is the current channel (US = context).",
    context=["US"], kinds=["distributor","wholesaler"]))
C("en", ["conditions"], "importers of used tires in Ghana with phone numbers",
  E([P("used tyres", "二手轮胎", "4012")], ["GH"], "Phone required.", kinds=["importer"], contact=["phone"]))
C("en", ["long", "region", "ambiguous"], "We make seamless steel pipes for oil and gas and have supplied Sinopec for ten years. We want to go international and start with the Gulf - please find oilfield pipe buyers there.",
  E([P("seamless steel pipes (OCTG)", "无缝钢管", "7304")], GCC,
    "'Gulf' read as the Persian Gulf / GCC; US Gulf Coast is a possible but less likely reading. Sinopec is a past customer.",
    region="GCC", other="oilfield / oil & gas buyers"))
C("en", ["region", "exclude"], "EU-based importers of bamboo flooring, excluding Germany",
  E([P("bamboo flooring", "竹地板")], [c for c in EU27 if c != "DE"], "EU members minus Germany.",
    region="EU", exclude=["DE"], kinds=["importer"]))
C("en", ["conditions"], "need the purchasing manager's contact at large supermarkets in Chile that import canned fish",
  E([P("canned fish", "鱼罐头", "1604")], ["CL"], "Large supermarket chains that import; named purchasing manager.",
    kinds=["retailer","importer"], size="large", contact=["decision_maker"]))
C("en", ["ambiguous"], "Show me buyers",
  E([], [], "No product, no place.", understood=False))
C("en", ["ambiguous"], "companies in Mexico",
  E([], ["MX"], "Place only, no product or role; a human would ask what product.", understood=False))
C("en", ["long", "conditions"], "Hello, I'm Priya from an Indian spice exporter in Kerala. We already work with buyers in the UAE and UK. Now we want to find spice importers and ethnic food distributors in the US and Canada, ideally ones that imported from India in the last 6 months.",
  E([P("spices", "香料")], ["US","CA"], "IN/AE/GB are context; IN is also the stated origin of past imports.",
    context=["IN","AE","GB"], origins=["IN"], kinds=["importer","distributor"], other="imported from India in last 6 months"))
C("en", ["role_supplier"], "supplier of PET preforms in Egypt",
  E([P("PET preforms", "PET瓶坯", "3923")], ["EG"], "Supplier search.", role="supplier"))
C("en", ["long", "role_supplier", "conditions"], "I'm a buyer for a UK tile showroom chain with twelve stores. Find me manufacturers of porcelain tiles in Spain or Italy, no trading companies please, we want to buy factory-direct.",
  E([P("porcelain tiles", "瓷质砖", "6907")], ["ES","IT"], "Supplier search; GB is the user's base (context).",
    role="supplier", context=["GB"], kinds=["manufacturer"], other="exclude trading companies"))
C("en", ["long", "role_supplier", "conditions"], "We're a Polish distributor of garden tools selling to DIY chains, and we want to add Chinese suppliers of electric lawn mowers, preferably factories with CE certificates and more than 100 workers.",
  E([P("electric lawn mowers", "电动割草机", "8433")], ["CN"], "Here CN IS the target (suppliers); PL is the user's base.",
    role="supplier", context=["PL"], kinds=["manufacturer"], size="100+", other="CE certified"))
C("en", ["place_spelling"], "distrbutors of solar water heaters in Keyna and Tanzaina",
  E([P("solar water heaters", "太阳能热水器", "8419")], ["KE","TZ"], "Keyna = Kenya, Tanzaina = Tanzania; 'distrbutors' typo.",
    kinds=["distributor"]))
C("en", ["conditions"], "hotel furniture buyers in the Maldives, anyone who's bought in the last 3 months",
  E([P("hotel furniture", "酒店家具", "9403")], ["MV"], "Recent purchase condition.", other="purchased within last 3 months"))
C("en", ["long", "conditions"], "My boss wants us to break into Latin America. We make PVC pipes and fittings in Tianjin and sell mainly to Southeast Asia. Can you find plumbing wholesalers in Peru, Ecuador and Bolivia with at least 30 employees?",
  E([P("PVC pipes and fittings", "PVC管材管件", "3917")], ["PE","EC","BO"], "Latin America narrowed to three; SE Asia is context.",
    kinds=["wholesaler"], size="30+"))
C("en", [], "Looking for stockists of organic baby clothing in Scotland and Wales",
  E([P("organic baby clothing", "有机婴儿服装")], ["GB"], "Scotland/Wales are parts of GB; stockist = retailer.",
    kinds=["retailer"], other="Scotland and Wales only"))

# ---------------------------------------------------------------- Mixed zh+en (15)
C("mixed", ["conditions"], "帮我找Germany的LED panel buyers，要有email的",
  E([LED_PANEL], ["DE"], "Mixed; email required.", contact=["email"]))
C("mixed", ["long", "conditions"], "我们是做solar inverter的OEM factory，在宁波，已经有Pakistan和Bangladesh的客户，做了三年了，now想开发 Philippines 和 Vietnam 的 distributors，最好有WhatsApp",
  E([P("solar inverters", "光伏逆变器", "8504")], ["PH","VN"], "PK/BD are context.",
    context=["PK","BD"], kinds=["distributor"], contact=["whatsapp"]))
C("mixed", ["conditions"], "找UAE的importer，产品是stainless steel water bottle，五十人以上",
  E([P("stainless steel water bottles", "不锈钢水杯")], ["AE"], "50+ staff.", kinds=["importer"], size="50+"))
C("mixed", ["place_spelling"], "找KSA和UAE的hotel amenities buyers，酒店用品批发商也可以",
  E([P("hotel amenities", "酒店用品")], ["SA","AE"], "KSA = Saudi; any buyer, wholesalers explicitly OK (so no kind restriction)."))
C("mixed", ["long", "region"], "Hi 我们是一家在 Ningbo 的 trading company，主要做 home textile，像 curtains 和 cushions，客户主要在 US，最近想 expand 到 Europe，especially Germany and Poland，帮我找 importers 或者 retailers",
  E([P("curtains", "窗帘", "6303"), P("cushions", "靠垫", "9404")], ["DE","PL"], "US context; Europe with DE/PL emphasised.",
    region="Europe", context=["US"], kinds=["importer","retailer"]))
C("mixed", ["brand_place_product", "conditions"], "Apple watch band 的 wholesaler in USA，不要 Amazon seller",
  E([P("Apple Watch bands", "苹果手表表带")], ["US"], "Apple brand; Amazon sellers excluded.",
    kinds=["wholesaler"], other="exclude Amazon sellers"))
C("mixed", ["place_spelling"], "找 deguo 和 faguo 的 auto parts importers",
  E([P("auto parts", "汽车配件", "8708")], ["DE","FR"], "Pinyin deguo = Germany, faguo = France.", kinds=["importer"]))
C("mixed", ["brand_place_product", "region"], "Thai jasmine rice 的 importers，要 Africa 的，Ghana 和 Senegal",
  E([P("Thai jasmine rice", "泰国茉莉香米", "1006")], ["GH","SN"], "TH is origin; Africa narrowed to GH/SN.",
    origins=["TH"], kinds=["importer"]))
C("mixed", ["long", "conditions"], "我们是工厂 based in Dongguan，做 silicone kitchenware，之前一直做 Amazon 卖家的 OEM，现在想直接找 brand owners in US and UK，有 decision maker 的 email 最好",
  E([P("silicone kitchenware", "硅胶厨具")], ["US","GB"], "Amazon sellers were past clients (context, not target kind).",
    kinds=["brand_owner"], contact=["email","decision_maker"]))
C("mixed", ["role_supplier", "conditions"], "need 越南的 cashew supplier，W320 grade",
  E([P("cashew kernels W320", "腰果仁W320", "080132")], ["VN"], "Supplier search; W320 grade.", role="supplier",
    other="W320 grade"))
C("mixed", ["conditions"], "Mexico 的 furniture importers，一百到五百人，recent 3 months 有 import record",
  E([FURN], ["MX"], "100-500 staff; imports in last 3 months.", kinds=["importer"], size="100-500",
    other="import record within last 3 months"))
C("mixed", ["brand_place_product"], "想找 Canada 的 wine importers，我們是做 Taiwan 高粱酒 的",
  E([P("kaoliang (sorghum liquor)", "高粱酒", "2208")], ["CA"],
    "Traditional+English; Taiwan is base/origin, not target; wine importers = alcoholic beverage importers.",
    origins=["TW"], context=["TW"], kinds=["importer"]))
C("mixed", ["long", "conditions"], "Our factory 在 Vietnam 做 wooden toys, 大概八十个工人, 已经卖给 Japan 和 Korea, now want buyers in 澳洲 and 新西兰, toy stores or distributors, 要有 email",
  E([P("wooden toys", "木制玩具", "9503")], ["AU","NZ"], "VN base, JP/KR market = context.",
    context=["VN","JP","KR"], kinds=["retailer","distributor"], contact=["email"]))
C("mixed", ["brand_place_product"], "Jaguar 的车灯 aftermarket buyers in 英国",
  E([P("Jaguar car lights (aftermarket)", "捷豹车灯", "8512")], ["GB"], "Car brand; GB is the target here."))
C("mixed", ["ambiguous"], "LED 那个 还有吗 more",
  E([P("LED", "LED")], [], "Refers to an earlier chat that does not exist in a single turn; cannot tell what to search.",
    understood=False))

# ---------------------------------------------------------------- Conversations (40)
convs = []


def CV(lang, tags, turns):
    convs.append({"id": "bc%02d" % (len(convs) + 1), "lang": lang, "tags": tags,
                  "turns": [{"user": u, "expect": e} for u, e in turns]})


MORE = "show more results (next page) of the same search"

CV("zh", ["add_contact", "change_country"], [
  ("帮我找德国的LED面板灯买家", E([LED_PANEL], ["DE"], "Base search.")),
  ("只要有邮箱的", E([LED_PANEL], ["DE"], "Adds email.", contact=["email"])),
  ("换成法国", E([LED_PANEL], ["FR"], "Country replaced; email condition kept.", contact=["email"])),
])
VF = P("stainless steel vacuum flasks", "不锈钢保温杯", "9617")
CV("zh", ["role_switch"], [
  ("找越南的不锈钢保温杯工厂", E([VF], ["VN"], "Supplier search.", role="supplier", kinds=["manufacturer"])),
  ("算了，还是找买家吧，美国的", E([VF], ["US"], "Role switched to buyers; country US; product kept; factory kind dropped.")),
])
GROW = P("LED grow lights", "LED植物生长灯", "9405")
CV("en", ["more", "add_size"], [
  ("LED grow light distributors in Canada", E([GROW], ["CA"], "Base.", kinds=["distributor"])),
  ("show more", E([GROW], ["CA"], "Same search, next page.", kinds=["distributor"], other=MORE)),
  ("only ones with more than 50 employees", E([GROW], ["CA"], "Adds size.", kinds=["distributor"], size="50+")),
])
SOL = P("solar panels", "太阳能板", "8541")
CV("zh", ["exclude", "add_country"], [
  ("找德国和法国的太阳能板安装商", E([SOL], ["DE","FR"], "Base.", kinds=["installer"])),
  ("不要德国了", E([SOL], ["FR"], "Germany removed.", exclude=["DE"], kinds=["installer"])),
  ("加上荷兰和比利时", E([SOL], ["FR","NL","BE"], "Adds NL/BE; DE stays out.", exclude=["DE"], kinds=["installer"])),
])
PET = P("pet supplies", "宠物用品")
PETFOOD = P("pet food", "宠物食品", "2309")
CV("zh", ["switch_product", "add_contact"], [
  ("我们是做宠物用品的，帮我找美国的进口商", E([PET], ["US"], "Base.", kinds=["importer"])),
  ("换成宠物食品", E([PETFOOD], ["US"], "Product switched.", kinds=["importer"])),
  ("还要有WhatsApp", E([PETFOOD], ["US"], "Adds WhatsApp.", kinds=["importer"], contact=["whatsapp"])),
])
BIKEP = P("bicycle parts", "自行車零件", "8714")
CV("zh-Hant", ["change_country", "add_size"], [
  ("幫我找日本的自行車零件經銷商", E([BIKEP], ["JP"], "Base.", kinds=["distributor"])),
  ("改成韓國跟台灣", E([BIKEP], ["KR","TW"], "Replace JP with KR+TW.", kinds=["distributor"])),
  ("只要五十人以上的", E([BIKEP], ["KR","TW"], "Adds 50+.", kinds=["distributor"], size="50+")),
])
BCB = P("bamboo cutting boards", "竹砧板", "4419")
CV("en", ["role_switch"], [
  ("manufacturers of bamboo cutting boards in Vietnam", E([BCB], ["VN"], "Supplier search.", role="supplier", kinds=["manufacturer"])),
  ("now find buyers for them in Germany", E([BCB], ["DE"], "Role switched to buyers, country DE, product kept.")),
])
CV("mixed", ["add_country", "add_contact"], [
  ("找 UAE 的 furniture importers", E([FURN], ["AE"], "Base.", kinds=["importer"])),
  ("也加上 Saudi", E([FURN], ["AE","SA"], "Adds Saudi Arabia.", kinds=["importer"])),
  ("只要有 decision maker 联系方式的", E([FURN], ["AE","SA"], "Adds decision maker.", kinds=["importer"], contact=["decision_maker"])),
])
TYRE = P("tyres", "轮胎", "4011")
CV("zh", ["long", "exclude", "more"], [
  ("我们是青岛做轮胎的，非洲做得比较多，现在想开发南美，帮我找巴西和阿根廷的轮胎进口商",
   E([TYRE], ["BR","AR"], "Africa is context region.", kinds=["importer"])),
  ("阿根廷不要了，换成智利", E([TYRE], ["BR","CL"], "AR out, CL in.", exclude=["AR"], kinds=["importer"])),
  ("再多给我几家", E([TYRE], ["BR","CL"], "More results.", exclude=["AR"], kinds=["importer"], other=MORE)),
])
AC = P("air conditioners", "空调", "8415")
CV("zh", ["add_kind", "add_size"], [
  ("沙特的空调经销商", E([AC], ["SA"], "Base.", kinds=["distributor"])),
  ("批发商也要", E([AC], ["SA"], "Adds wholesaler.", kinds=["distributor","wholesaler"])),
  ("不要太小的公司", E([AC], ["SA"], "Not small.", kinds=["distributor","wholesaler"], size="not_small")),
])
SHR = P("frozen shrimp", "冷冻虾", "0306")
CV("en", ["add_country", "add_contact", "exclude"], [
  ("Find importers of frozen shrimp in Spain", E([SHR], ["ES"], "Base.", kinds=["importer"])),
  ("what about Italy and Portugal too", E([SHR], ["ES","IT","PT"], "Adds two.", kinds=["importer"])),
  ("only those with email and phone", E([SHR], ["ES","IT","PT"], "Both contacts.", kinds=["importer"], contact=["email","phone"])),
  ("drop Spain", E([SHR], ["IT","PT"], "ES removed.", exclude=["ES"], kinds=["importer"], contact=["email","phone"])),
])
MOTO = P("motorcycle parts", "摩托车配件", "8714")
CV("zh", ["change_country", "place_spelling"], [
  ("找印尼的摩托车配件进口商", E([MOTO], ["ID"], "Base.", kinds=["importer"])),
  ("换成马来西压", E([MOTO], ["MY"], "马来西压 = Malaysia (typo).", kinds=["importer"])),
])
TEA = P("tea", "茶叶", "0902")
TEASET = P("ceramic tea sets", "陶瓷茶具")
CV("zh", ["switch_product", "change_kind"], [
  ("英国的茶叶进口商", E([TEA], ["GB"], "Base.", kinds=["importer"])),
  ("不对，我要的是茶具，陶瓷茶具", E([TEASET], ["GB"], "Product corrected.", kinds=["importer"])),
  ("只要品牌商", E([TEASET], ["GB"], "Kind replaced by brand owners.", kinds=["brand_owner"])),
])
CM = P("coffee machines", "咖啡機")
CV("zh-Hant", ["add_country", "add_contact"], [
  ("搵下澳洲嘅咖啡機經銷商", E([CM], ["AU"], "Cantonese base.", kinds=["distributor"])),
  ("都加埋紐西蘭", E([CM], ["AU","NZ"], "加埋 = add as well.", kinds=["distributor"])),
  ("要有電郵", E([CM], ["AU","NZ"], "電郵 = email.", kinds=["distributor"], contact=["email"])),
])
TT = P("Turkish towels", "土耳其毛巾", "6302")
CV("en", ["brand_place_product", "change_kind", "add_country"], [
  ("Who buys Turkish towels in the US?", E([TT], ["US"], "Turkey not a target.")),
  ("Make it spa and hotel suppliers only", E([TT], ["US"], "Distributors to spas/hotels.", kinds=["distributor"], other="hospitality / spa suppliers")),
  ("and add Canada", E([TT], ["US","CA"], "Adds CA.", kinds=["distributor"], other="hospitality / spa suppliers")),
])
PVM = P("solar mounting structures", "光伏支架")
CV("zh", ["role_switch", "ambiguous"], [
  ("帮我找一下做光伏支架的厂家", E([PVM], [], "Literally asks for manufacturers (supplier), no place given.", role="supplier", kinds=["manufacturer"])),
  ("我是说国外的买家，德国的", E([PVM], ["DE"], "Corrects to buyers in Germany.")),
])
AUTO = P("auto parts", "汽车配件", "8708")
CV("zh", ["conditions"], [
  ("找墨西哥的汽车配件批发商", E([AUTO], ["MX"], "Base.", kinds=["wholesaler"])),
  ("要最近三个月有进口记录的", E([AUTO], ["MX"], "Recent imports.", kinds=["wholesaler"], other="import record within last 3 months")),
  ("再加个条件，两百人以下", E([AUTO], ["MX"], "Adds size.", kinds=["wholesaler"], size="<=200", other="import record within last 3 months")),
])
RICE = P("rice", "大米", "1006")
CV("mixed", ["change_country", "conditions"], [
  ("Philippines 的 rice importers", E([RICE], ["PH"], "Base.", kinds=["importer"])),
  ("换成 Indonesia 和 Malaysia", E([RICE], ["ID","MY"], "Replace.", kinds=["importer"])),
  ("不要 state-owned 的", E([RICE], ["ID","MY"], "Exclude state-owned (e.g. Bulog-type agencies).", kinds=["importer"], other="exclude state-owned companies")),
])
COS = P("cosmetics", "化妆品", "3304")
HAIR = P("hair care products", "护发产品", "3305")
CV("en", ["switch_product", "add_country"], [
  ("cosmetics distributors in Nigeria", E([COS], ["NG"], "Base.", kinds=["distributor"])),
  ("switch to hair care products", E([HAIR], ["NG"], "Product switched.", kinds=["distributor"])),
  ("also Ghana", E([HAIR], ["NG","GH"], "Adds GH.", kinds=["distributor"])),
])
TENT = P("camping tents", "户外帐篷", "6306")
CV("zh", ["long", "change_country", "add_contact", "more"], [
  ("我们是做户外帐篷的，之前主要是欧洲客户，现在想找美国的户外用品零售商，规模大的",
   E([TENT], ["US"], "Europe is context region.", kinds=["retailer"], size="large")),
  ("换成加拿大", E([TENT], ["CA"], "Replace.", kinds=["retailer"], size="large")),
  ("只要有邮箱的", E([TENT], ["CA"], "Adds email.", kinds=["retailer"], size="large", contact=["email"])),
  ("再来10个", E([TENT], ["CA"], "10 more.", kinds=["retailer"], size="large", contact=["email"], other=MORE)),
])
GAR = P("garments", "成衣")
KNIT = P("knitted garments", "針織成衣")
CV("zh-Hant", ["role_supplier", "change_country", "add_size"], [
  ("請幫我找越南的成衣工廠", E([GAR], ["VN"], "Supplier search.", role="supplier", kinds=["manufacturer"])),
  ("改找柬埔寨跟孟加拉", E([GAR], ["KH","BD"], "Replace.", role="supplier", kinds=["manufacturer"])),
  ("要做針織的，員工五百人以上", E([KNIT], ["KH","BD"], "Narrow product; 500+.", role="supplier", kinds=["manufacturer"], size="500+")),
])
EVC = P("EV chargers", "电动车充电桩", "8504")
CV("en", ["region", "exclude"], [
  ("find EV charger distributors in Europe", E([EVC], [], "Europe open-ended.", region="Europe", kinds=["distributor"])),
  ("only Nordic countries", E([EVC], NORDIC, "Nordic = DK/FI/IS/NO/SE.", region="Nordic", kinds=["distributor"])),
  ("not Iceland", E([EVC], [c for c in NORDIC if c != "IS"], "IS removed.", region="Nordic", exclude=["IS"], kinds=["distributor"])),
])
EXC = P("excavator parts", "挖掘机配件", "8431")
CV("zh", ["add_country", "exclude"], [
  ("俄罗斯的挖掘机配件进口商", E([EXC], ["RU"], "Base.", kinds=["importer"])),
  ("哈萨克斯坦也要", E([EXC], ["RU","KZ"], "Add.", kinds=["importer"])),
  ("去掉俄罗斯", E([EXC], ["KZ"], "Remove RU.", exclude=["RU"], kinds=["importer"])),
])
TILE = P("ceramic tiles", "瓷砖", "6907")
CV("zh", ["change_kind", "change_contact"], [
  ("找澳洲的瓷砖经销商", E([TILE], ["AU"], "Base.", kinds=["distributor"])),
  ("只要进口商", E([TILE], ["AU"], "Kind replaced.", kinds=["importer"])),
  ("有电话就行，邮箱不要求", E([TILE], ["AU"], "Phone only; email explicitly not required.", kinds=["importer"], contact=["phone"])),
])
LSTRIP = P("LED strip lights", "LED灯带", "9405")
CV("mixed", ["add_country", "change_kind"], [
  ("LED strip light 的 buyers in 巴西", E([LSTRIP], ["BR"], "Base.")),
  ("Colombia 也要", E([LSTRIP], ["BR","CO"], "Add CO.")),
  ("只要 wholesaler 和 contractor", E([LSTRIP], ["BR","CO"], "Two kinds.", kinds=["wholesaler","contractor"])),
])
GAR2 = P("garlic", "大蒜", "0703")
CV("en", ["long", "add_country", "conditions"], [
  ("We're a Chinese garlic exporter; we've sold to Indonesia for years. Find garlic importers in Brazil.",
   E([GAR2], ["BR"], "CN/ID are context.", context=["CN","ID"], kinds=["importer"])),
  ("add Peru", E([GAR2], ["BR","PE"], "Add PE.", context=["CN","ID"], kinds=["importer"])),
  ("only ones that imported from China in the last 6 months",
   E([GAR2], ["BR","PE"], "CN becomes the stated origin; still not a target.", context=["CN","ID"], origins=["CN"], kinds=["importer"], other="imported from China in last 6 months")),
])
BIKE = P("bicycles", "自行车", "8712")
EBIKE = P("electric bicycles", "电动自行车", "8711")
CV("zh", ["switch_product", "change_country", "add_contact"], [
  ("德国的自行车经销商", E([BIKE], ["DE"], "Base.", kinds=["distributor"])),
  ("换成电动自行车", E([EBIKE], ["DE"], "Product switched.", kinds=["distributor"])),
  ("换成荷兰", E([EBIKE], ["NL"], "Country switched.", kinds=["distributor"])),
  ("有邮箱和决策人的", E([EBIKE], ["NL"], "Contacts.", kinds=["distributor"], contact=["email","decision_maker"])),
])
OUTF = P("outdoor furniture", "户外家具")
CV("zh", ["narrow_product", "subnational"], [
  ("找美国的家具进口商", E([FURN], ["US"], "Base.", kinds=["importer"])),
  ("只要卖户外家具的", E([OUTF], ["US"], "Product narrowed.", kinds=["importer"])),
  ("不要加州的", E([OUTF], ["US"], "Exclude California (a state, not a country - US stays).", kinds=["importer"], other="exclude California")),
])
PC = P("phone cases", "手机壳")
SPC = P("Samsung phone cases", "三星手机壳")
CV("en", ["brand_place_product", "add_country"], [
  ("phone case wholesalers in Poland", E([PC], ["PL"], "Base.", kinds=["wholesaler"])),
  ("Samsung ones specifically", E([SPC], ["PL"], "Brand qualifier; KR not a target.", kinds=["wholesaler"])),
  ("Czech Republic as well", E([SPC], ["PL","CZ"], "Add CZ.", kinds=["wholesaler"])),
])
FF = P("functional fabrics", "機能布料")
CV("zh-Hant", ["region", "change_country", "add_contact"], [
  ("我們是做機能布料的，請幫我找歐洲的戶外品牌", E([FF], [], "Europe open-ended.", region="Europe", kinds=["brand_owner"])),
  ("只要德國跟瑞士", E([FF], ["DE","CH"], "Narrowed to DE/CH (CH is not EU, still Europe).", kinds=["brand_owner"])),
  ("要有聯絡窗口的email", E([FF], ["DE","CH"], "Contact person's email.", kinds=["brand_owner"], contact=["email","decision_maker"])),
])
LEDD = P("LED display screens", "LED显示屏")
CV("zh", ["region", "change_country", "add_kind"], [
  ("中东的LED显示屏经销商", E([LEDD], [], "Middle East open-ended.", region="Middle East", kinds=["distributor"])),
  ("只要迪拜", E([LEDD], ["AE"], "Dubai -> AE.", kinds=["distributor"], other="Dubai")),
  ("工程公司也可以", E([LEDD], ["AE"], "Adds contractors.", kinds=["distributor","contractor"], other="Dubai")),
])
CV("en", ["role_switch"], [
  ("solar panel buyers in South Africa", E([SOL], ["ZA"], "Base.")),
  ("Actually I need suppliers - solar panel manufacturers in China or Vietnam",
   E([SOL], ["CN","VN"], "Role switched; new countries (CN IS a target here).", role="supplier", kinds=["manufacturer"])),
  ("Only tier 1 brands", E([SOL], ["CN","VN"], "Tier-1 condition.", role="supplier", kinds=["manufacturer"], other="Tier 1 manufacturers")),
])
DUR = P("durian", "榴莲", "0810")
FDUR = P("frozen durian", "冷冻榴莲")
CV("zh", ["role_supplier", "add_country", "narrow_product"], [
  ("找越南的榴莲供应商", E([DUR], ["VN"], "Supplier.", role="supplier")),
  ("再找找泰国和马来西亚的", E([DUR], ["VN","TH","MY"], "再找找 = also look in.", role="supplier")),
  ("要能出口冷冻榴莲的", E([FDUR], ["VN","TH","MY"], "Narrowed to frozen durian exporters.", role="supplier", other="able to export")),
])
PB = P("pet beds", "宠物床")
CV("mixed", ["place_spelling", "change_kind"], [
  ("找 meiguo 的 pet bed buyers", E([PB], ["US"], "meiguo = USA.")),
  ("要 Amazon seller，不要 retailer", E([PB], ["US"], "Online sellers only; retailers excluded.", kinds=["online_seller"], other="exclude retailers")),
])
TJR = P("Thai jasmine rice", "泰国香米", "1006")
CV("zh", ["brand_place_product", "add_country", "change_kind"], [
  ("我们是做大米的，泰国香米，帮我找香港的进口商", E([TJR], ["HK"], "TH is origin.", origins=["TH"], kinds=["importer"])),
  ("新加坡也要", E([TJR], ["HK","SG"], "Add SG.", origins=["TH"], kinds=["importer"])),
  ("只要超市连锁", E([TJR], ["HK","SG"], "Kind becomes supermarket chains.", origins=["TH"], kinds=["retailer"], other="supermarket chains")),
])
BN = P("Brazil nuts", "巴西坚果", "0801")
CASH = P("cashew nuts", "腰果", "0801")
CV("en", ["brand_place_product", "switch_product", "add_country"], [
  ("importers of Brazil nuts in the UK", E([BN], ["GB"], "BR not a target.", kinds=["importer"])),
  ("actually make it cashews", E([CASH], ["GB"], "Product switched.", kinds=["importer"])),
  ("and the Netherlands", E([CASH], ["GB","NL"], "Add NL.", kinds=["importer"])),
])
WF = P("wood flooring", "木地板")
CV("zh-Hant", ["add_country", "subnational"], [
  ("幫我找加拿大的木地板經銷商", E([WF], ["CA"], "Base.", kinds=["distributor"])),
  ("美國也要，但只要東岸的", E([WF], ["CA","US"], "US added, East Coast only (sub-national).", kinds=["distributor"], other="US: East Coast only")),
])
PT = P("power tools", "电动工具", "8467")
CV("zh", ["remove_size", "add_country"], [
  ("找波兰的电动工具分销商，一百人以上", E([PT], ["PL"], "Base with 100+.", kinds=["distributor"], size="100+")),
  ("人数不限了", E([PT], ["PL"], "Size condition removed.", kinds=["distributor"])),
  ("捷克的也看看", E([PT], ["PL","CZ"], "Add CZ.", kinds=["distributor"])),
])
SINK = P("stainless steel sinks", "不锈钢水槽", "7324")
CV("en", ["ambiguous"], [
  ("find me buyers", E([], [], "Nothing to search yet.", understood=False)),
  ("for stainless steel sinks, in Australia", E([SINK], ["AU"], "Now complete.")),
])
HF = P("hotel furniture", "酒店家具", "9403")
CV("mixed", ["place_spelling", "change_country", "conditions", "more"], [
  ("KSA 的 hotel furniture buyers", E([HF], ["SA"], "KSA = Saudi.")),
  ("改成 UAE 和 Qatar", E([HF], ["AE","QA"], "Replace.")),
  ("要有 WhatsApp，还有最近三个月有 import record", E([HF], ["AE","QA"], "Two conditions.", contact=["whatsapp"], other="import record within last 3 months")),
  ("next page", E([HF], ["AE","QA"], "More.", contact=["whatsapp"], other="import record within last 3 months; " + MORE)),
])

# ---------------------------------------------------------------- checks & output
def cjk(s):
    return len(re.findall(r"[\u4e00-\u9fff]", s))


def words(s):
    return len(re.findall(r"[A-Za-z][A-Za-z'\-]*", s))


ISO = set("""AD AE AF AG AL AM AO AR AT AU AZ BA BB BD BE BF BG BH BI BJ BN BO BR BS BT BW BY BZ CA CD CF CG CH CI CL CM CN CO CR CU CV CY CZ DE DJ DK DM DO DZ EC EE EG ER ES ET FI FJ FR GA GB GD GE GH GM GN GQ GR GT GW GY HK HN HR HT HU ID IE IL IN IQ IR IS IT JM JO JP KE KG KH KI KM KN KP KR KW KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MG MK ML MM MN MO MR MT MU MV MW MX MY MZ NA NE NG NI NL NO NP NR NZ OM PA PE PG PH PK PL PS PT PW PY QA RO RS RU RW SA SB SC SD SE SG SI SK SL SM SN SO SR SS ST SV SY SZ TD TG TH TJ TL TM TN TO TR TT TV TW TZ UA UG US UY UZ VA VC VE VN VU WS YE ZA ZM ZW""".split())


def check(e, where):
    for k in ("countries", "exclude_countries", "origins", "context_countries"):
        for c in e[k]:
            assert c in ISO, (where, k, c)
    assert not (set(e["countries"]) & set(e["context_countries"])), where
    assert not (set(e["countries"]) & set(e["exclude_countries"])), where
    for p in e["products"]:
        if "hs" in p:
            assert re.fullmatch(r"\d{4,6}", p["hs"]), where


for c in cases:
    check(c["expect"], c["id"])
    s = c["sentence"]
    length = cjk(s) + words(s)
    if "long" in c["tags"]:
        ok = (c["lang"] == "en" and words(s) >= 30) or (c["lang"] in ("zh", "zh-Hant") and cjk(s) >= 40) \
             or (c["lang"] == "mixed" and length >= 35)
        if not ok: print('SHORT', c['id'], cjk(s), words(s))
for cv in convs:
    assert 2 <= len(cv["turns"]) <= 4
    for i, t in enumerate(cv["turns"]):
        check(t["expect"], "%s/%d" % (cv["id"], i))

with open("/work/heldout2/search-sentences.json", "w", encoding="utf-8") as f:
    json.dump(cases, f, ensure_ascii=False, indent=1)
with open("/work/heldout2/search-conversations.json", "w", encoding="utf-8") as f:
    json.dump(convs, f, ensure_ascii=False, indent=1)

print("cases", len(cases), collections.Counter(c["lang"] for c in cases))
tagc = collections.Counter(t for c in cases for t in c["tags"])
print(sorted(tagc.items()))
print("convs", len(convs), collections.Counter(c["lang"] for c in convs),
      "turns", sum(len(c["turns"]) for c in convs))
print("conv tags", sorted(collections.Counter(t for c in convs for t in c["tags"]).items()))
