# Builds search-sentences.json and search-conversations.json.
# Written by a test-writing session that never saw the product's code or spec.
import json, os, copy

OUT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

def L(s): return s.split()

EU27 = L("AT BE BG HR CY CZ DK EE FI FR DE GR HU IE IT LV LT LU MT NL PL PT RO SK SI ES SE")
SEA = L("BN KH ID LA MY MM PH SG TH VN TL")
ME = L("AE SA QA KW OM BH IQ JO LB IL YE SY IR TR EG")
GCC = L("AE SA QA KW OM BH")
LATAM = L("MX GT BZ HN SV NI CR PA CU DO HT CO VE EC PE BO BR PY UY AR CL")
SAM = L("AR BO BR CL CO EC GY PY PE SR UY VE")
NORDIC = L("SE NO DK FI IS")
SCANDI = L("SE NO DK")
BENELUX = L("BE NL LU")
DACH = L("DE AT CH")
CIS = L("RU BY KZ KG TJ UZ AM AZ MD TM")
CA5 = L("KZ UZ KG TJ TM")
NA = L("US CA")
WAF = L("NG GH CI SN BJ TG BF ML NE GN SL LR GM GW CV MR")
EAF = L("KE TZ UG RW ET BI SO DJ ER SS")


def P(en, zh, hs=None):
    d = {"en": en, "zh": zh}
    if hs:
        d["hs"] = hs
    return d


def E(why, role="buyer", p=(), c=(), region=None, ex=(), o=(), k=(), ct=(), size=None, other=None, u=True):
    if isinstance(c, str): c = L(c)
    if isinstance(ex, str): ex = L(ex)
    if isinstance(o, str): o = L(o)
    d = {"understood": u, "role": role, "products": list(p), "countries": list(c)}
    if region:
        d["region"] = region
    d["exclude_countries"] = list(ex)
    d["origins"] = list(o)
    d["kinds"] = list(k)
    d["contact"] = list(ct)
    if size:
        d["size"] = size
    if other:
        d["other"] = other
    d["why"] = why
    return d

VAGUE = "no product and no usable target; a careful human would ask what the user sells"

# ---------------------------------------------------------------- products
LEDPANEL = P("LED panel light", "LED面板灯", "9405")
FURN = P("furniture", "家具")
SOLAR = P("solar panel (PV module)", "太阳能板（光伏组件）", "8541")
CELL18650 = P("18650 lithium-ion battery cell", "18650锂电池", "850760")
PREFORM = P("PET preform", "PET瓶胚", "3923")
SINK304 = P("304 stainless steel sink", "304不锈钢水槽", "732410")
TYRE = P("tyres", "轮胎", "4011")
AUTOPARTS = P("auto parts", "汽车配件", "8708")
COSM = P("cosmetics", "化妆品")
CASHEW = P("cashew nuts", "腰果", "0801")
LEDLIGHT = P("LED lighting", "LED灯具")
PETTOY = P("pet toys", "宠物玩具")
TILES = P("ceramic tiles", "瓷砖", "6907")
PHONEACC = P("mobile phone accessories", "手机配件")
SHRIMP = P("frozen shrimp", "冷冻虾", "030617")
SQUID = P("frozen squid", "冷冻鱿鱼", "0307")
TOYS = P("toys", "玩具", "9503")
PLUSH = P("plush toys", "毛绒玩具", "9503")
PETFOOD = P("pet food", "宠物食品", "2309")
CATLITTER = P("cat litter", "猫砂")
BRAKEPAD = P("brake pads", "刹车片", "870830")
FRIES = P("frozen french fries", "冷冻薯条", "200410")
TTOWEL = P("Turkish towel (peshtemal)", "土耳其浴巾", "6302")
INVERTER = P("solar inverter", "光伏逆变器", "8504")
SILICONE_KW = P("silicone kitchenware", "硅胶厨具")
DOGLEASH = P("dog leashes", "狗绳", "4201")
EXCPARTS = P("excavator parts", "挖掘机配件", "8431")
USEDEXC = P("used excavators", "二手挖掘机", "8429")
POTCHIPS = P("potato chips (crisps)", "薯片", "200520")
EBIKE = P("electric bicycles", "电动自行车", "871160")
E2W = P("electric two-wheelers (e-bikes / e-scooters / e-motorcycles)", "电动车（电动两轮车）")
PPS = P("portable power station", "户外电源")
HS940542 = P("LED luminaires / lighting fittings (HS 940542)", "LED灯具（HS 940542）", "940542")

zh, hant, en, mixed = [], [], [], []

def add(bucket, sentence, exp, trap=False):
    bucket.append((sentence, exp, trap))

# ====================================================== Simplified Chinese
Z = lambda s, e, t=False: add(zh, s, e, t)
Z("帮我找德国的LED面板灯买家", E("German buyers of LED panel lights", p=[LEDPANEL], c="DE"))
Z("美国 家具进口商", E("US furniture importers", p=[FURN], c="US", k=["importer"]))
Z("从中国进口家具的美国公司", E("US companies importing furniture from China. TRAP: 中国 is the origin, not where the companies are", p=[FURN], c="US", o="CN", k=["importer"]), True)
Z("请帮我找一下澳洲做太阳能板的经销商，要有邮箱", E("Australian solar panel distributors that have an email", p=[SOLAR], c="AU", k=["distributor"], ct=["email"]))
Z("我们是做光伏组件的工厂，想找南非的安装商和分销商", E("South African PV installers and distributors; the 工厂 is the user, not the target", p=[SOLAR], c="ZA", k=["contractor", "distributor"]))
Z("18650锂电池 印度买家", E("Indian buyers of 18650 Li-ion cells", p=[CELL18650], c="IN"))
Z("PET瓶胚 墨西哥", E("Mexican buyers of PET preforms (default role buyer)", p=[PREFORM], c="MX"))
Z("304不锈钢水槽 找欧美的进口商", E("importers of 304 stainless sinks in Europe and North America; 欧美 = Europe + America (mostly US/CA)", p=[SINK304], region="Europe & North America", k=["importer"]))
Z("HS 940542的买家", E("buyers of goods under HS 940542 (LED luminaires), no country", p=[HS940542]))
Z("找一下沙特的轮胎经销商", E("Saudi tyre distributors", p=[TYRE], c="SA", k=["distributor"]))
Z("越南有哪些进口纺织面料的公司", E("Vietnamese importers of textile fabrics", p=[P("textile fabrics", "纺织面料")], c="VN", k=["importer"]))
Z("有没有客户", E(VAGUE, u=False))
Z("帮我找得国的汽配买家", E("German auto parts buyers. TRAP: IME typo 得国 = 德国", p=[AUTOPARTS], c="DE"), True)
Z("找波澜的化妆品进口商", E("Polish cosmetics importers. TRAP: homophone typo 波澜 (waves) = 波兰 Poland", p=[COSM], c="PL", k=["importer"]), True)
Z("菲律滨 水泥 买家", E("Philippine cement buyers. TRAP: typo 菲律滨 = 菲律宾", p=[P("cement", "水泥", "2523")], c="PH"), True)
Z("意大利面进口商", E("pasta importers anywhere. TRAP: 意大利面 is pasta, Italy is not a target or required origin", p=[P("pasta", "意大利面", "1902")], k=["importer"]), True)
Z("非洲鲫鱼 冷冻的 找美国买家", E("US buyers of frozen tilapia. TRAP: 非洲鲫鱼 = tilapia, Africa is not a place here", p=[P("frozen tilapia", "冷冻罗非鱼（非洲鲫鱼）")], c="US"), True)
Z("荷兰豆出口 找中东客户", E("Middle East buyers of snow peas. TRAP: 荷兰豆 = snow peas, not the Netherlands", p=[P("snow peas", "荷兰豆", "0708")], c=ME, region="Middle East"), True)
Z("夏威夷果 想找韩国和日本的进口商", E("Korean and Japanese macadamia importers. TRAP: 夏威夷果 = macadamia, not Hawaii/US", p=[P("macadamia nuts", "夏威夷果", "0802")], c="KR JP", k=["importer"]), True)
Z("欧式实木家具 找中东的买家", E("Middle East buyers of European-style solid wood furniture. TRAP: 欧式 is a style, not Europe", p=[P("European-style solid wood furniture", "欧式实木家具")], c=ME, region="Middle East"), True)
Z("韩版女装 俄罗斯批发商", E("Russian wholesalers of Korean-style womenswear. TRAP: 韩版 = Korean style, not Korea", p=[P("Korean-style women's clothing", "韩版女装")], c="RU", k=["wholesaler"]), True)
Z("铸铁荷兰锅 找美国亚马逊卖家", E("US Amazon sellers of cast-iron dutch ovens. TRAP: 荷兰锅 = dutch oven, not NL", p=[P("cast iron dutch oven", "铸铁荷兰锅", "7323")], c="US", k=["e-commerce seller"], other="sells on Amazon"), True)
Z("土耳其浴巾 找美国零售商", E("US retailers of Turkish (peshtemal) towels. TRAP: 土耳其 names the product, not the target country", p=[TTOWEL], c="US", k=["retailer"]), True)
#Z("罗马帘 澳洲进口商", E("Australian importers of Roman blinds. TRAP: 罗马帘 = Roman blinds, not Italy", p=[P("Roman blinds", "罗马帘", "6303")], c="AU", k=["importer"]), True)
Z("牛津布 找越南的箱包厂", E("Vietnamese bag factories as buyers of Oxford fabric. TRAP: 牛津 not a place; the wanted companies are factories but they are BUYERS", p=[P("Oxford fabric", "牛津布")], c="VN", k=["manufacturer"]), True)
Z("巴拿马草帽 厄瓜多尔 供应商", E("Ecuadorian suppliers of panama hats. TRAP: Panama is in the product name; the place is Ecuador; role supplier", role="supplier", p=[P("panama hat (toquilla straw hat)", "巴拿马草帽", "6504")], c="EC"), True)
Z("找几个做PET瓶胚的工厂", E("PET preform manufacturers to buy from; no country named (probably China, not stated)", role="supplier", p=[PREFORM], k=["manufacturer"]))
Z("我想从越南进口腰果，帮我找供应商", E("Vietnamese cashew suppliers; user is the importer", role="supplier", p=[CASHEW], c="VN"))
Z("印度的棉纱供应商", E("Indian cotton yarn suppliers", role="supplier", p=[P("cotton yarn", "棉纱", "5205")], c="IN"))
Z("中东做LED灯具的批发商，要电话", E("Middle East LED lighting wholesalers with phone", p=[LEDLIGHT], c=ME, region="Middle East", k=["wholesaler"], ct=["phone"]))
Z("东南亚 电动车 进口商", E("SE Asian importers of electric two-wheelers. TRAP: in Chinese trade talk 电动车 usually = e-bikes/e-scooters, could also mean EV cars", p=[E2W], c=SEA, region="Southeast Asia", k=["importer"]), True)
Z("挖机配件 找俄罗斯和哈萨克斯坦的客户", E("Russian and Kazakh buyers of excavator parts (挖机 = slang for 挖掘机)", p=[EXCPARTS], c="RU KZ"))
Z("独联体国家的二手挖掘机买家", E("CIS buyers of used excavators", p=[USEDEXC], c=CIS, region="CIS"))
Z("欧洲除了德国，找宠物玩具的进口商", E("European pet toy importers except Germany", p=[PETTOY], region="Europe", ex="DE", k=["importer"]))
Z("欧盟的口罩买家 不要意大利", E("EU face mask buyers minus Italy", p=[P("face masks", "口罩")], c=[x for x in EU27 if x != "IT"], region="EU", ex="IT"))
Z("帮我找一下最近半年有进口记录的巴西瓷砖买家", E("Brazilian ceramic tile buyers with imports in the last 6 months", p=[TILES], c="BR", other="import records in the last 6 months"))
Z("找美国的大公司 采购家用储能电池的", E("large US buyers of home energy storage batteries", p=[P("home energy storage battery", "家用储能电池")], c="US", size="large"))
Z("肯尼亚 太阳能灯 小进口商", E("small Kenyan importers of solar lights", p=[P("solar lights", "太阳能灯", "9405")], c="KE", k=["importer"], size="small"))
Z("西班牙五金工具批发商 50人以上 有邮箱", E("Spanish hardware/tool wholesalers, 50+ staff, with email", p=[P("hardware tools", "五金工具")], c="ES", k=["wholesaler"], ct=["email"], size="50+"))
Z("哈萨克斯担 的建材进口商", E("Kazakh building materials importers. TRAP: typo 斯担 = 斯坦", p=[P("building materials", "建材")], c="KZ", k=["importer"]), True)
Z("尼日利压二手衣服", E("Nigerian buyers of used clothing. TRAP: typo 尼日利压 = 尼日利亚; very short", p=[P("used clothing", "二手衣服", "6309")], c="NG"), True)
Z("阿连酋的手机配件买家", E("UAE phone accessory buyers. TRAP: typo 阿连酋 = 阿联酋", p=[PHONEACC], c="AE"), True)
Z("洛杉矶的家具进口商", E("furniture importers in Los Angeles, USA (city -> US)", p=[FURN], c="US", k=["importer"], other="located in Los Angeles"))
Z("加州的电动滑板车零售商", E("California (US) e-scooter retailers", p=[P("electric scooter", "电动滑板车")], c="US", k=["retailer"], other="located in California"))
Z("找圣保罗的汽车配件分销商", E("auto parts distributors in São Paulo, Brazil", p=[AUTOPARTS], c="BR", k=["distributor"], other="located in São Paulo"))
Z("美国德州 空调经销商", E("Texas (US) air-conditioner distributors", p=[P("air conditioner", "空调", "8415")], c="US", k=["distributor"], other="located in Texas"))
Z("英国宠物食品进口商 要有采购经理的联系方式", E("UK pet food importers with purchasing manager contact", p=[PETFOOD], c="GB", k=["importer"], ct=["purchasing manager"]))
Z("日本的保健品代理商", E("Japanese agents for health supplements", p=[P("health supplements", "保健品")], c="JP", k=["agent"]))
Z("印尼 注塑机 买家", E("Indonesian buyers of injection moulding machines", p=[P("injection moulding machine", "注塑机", "8477")], c="ID"))
Z("墨西格 汽车大灯 买家", E("Mexican car headlight buyers. TRAP: typo 墨西格 = 墨西哥", p=[P("car headlights", "汽车大灯", "8512")], c="MX"), True)
Z("乌兹 纺织机械 买家", E("Uzbek textile machinery buyers. TRAP: 乌兹 = colloquial short for 乌兹别克斯坦", p=[P("textile machinery", "纺织机械")], c="UZ"), True)
Z("加纳的发电机买家 有电话的", E("Ghanaian generator buyers with phone", p=[P("generators (generator sets)", "发电机")], c="GH", ct=["phone"]))
Z("非洲的手机经销商", E("African mobile phone distributors; Africa is open-ended", p=[P("mobile phones", "手机", "8517")], region="Africa", k=["distributor"]))
Z("拉美的玩具进口商，墨西哥和哥伦比亚优先", E("Latin American toy importers, MX and CO first", p=[TOYS], c=LATAM, region="Latin America", k=["importer"], other="prioritise Mexico and Colombia"))
Z("海湾国家建筑铝型材买家", E("GCC buyers of aluminium building profiles", p=[P("aluminium profiles", "铝型材", "7604")], c=GCC, region="GCC"))
Z("北欧户外家具零售商", E("Nordic outdoor furniture retailers", p=[P("outdoor furniture", "户外家具")], c=NORDIC, region="Nordics", k=["retailer"]))
Z("德法意西的陶瓷餐具进口商", E("ceramic tableware importers in Germany, France, Italy, Spain (德法意西 = four countries abbreviated)", p=[P("ceramic tableware", "陶瓷餐具")], c="DE FR IT ES", k=["importer"]))
Z("我是做蓝牙耳机的，想开发美国市场", E("US buyers of Bluetooth earphones; user describes self", p=[P("Bluetooth earphones", "蓝牙耳机", "851830")], c="US"))
Z("我们工厂生产不锈钢保温杯，年产50万只，现在想找欧洲的品牌商或者大的进口商，最好有采购的联系方式。", E("European brands or large importers of stainless vacuum cups, purchasing contact preferred; capacity figure is the user's, not a filter", p=[P("stainless steel vacuum flask / tumbler", "不锈钢保温杯", "9617")], region="Europe", k=["brand", "importer"], ct=["purchasing contact"], size="large"))
Z("做外贸三年了一直找不到靠谱的客户，我们是做汽车脚垫的，麻烦帮我找找美国和加拿大的", E("US and Canadian buyers of car floor mats; first clause is chatter", p=[P("car floor mats", "汽车脚垫")], c="US CA"))
Z("请问有没有做宠物用品的美国电商卖家", E("US e-commerce sellers of pet products", p=[P("pet products", "宠物用品")], c="US", k=["e-commerce seller"]))
Z("我要找家居买家 英国", E("UK buyers of home furnishings/home decor. TRAP: 家居 (home goods) is not 家具 (furniture)", p=[P("home furnishings / home decor", "家居用品")], c="GB"), True)
Z("化装品原料 法国", E("French companies for cosmetic raw materials, role buyer by default (could also be sourcing from France). TRAP: typo 化装品 = 化妆品", p=[P("cosmetic raw materials", "化妆品原料")], c="FR"), True)
Z("刹车皮 中东", E("Middle East buyers of brake pads. TRAP: 刹车皮 = colloquial 刹车片", p=[BRAKEPAD], c=ME, region="Middle East"), True)
Z("电子烟 找英国分销商", E("UK e-cigarette/vape distributors", p=[P("e-cigarettes / vapes", "电子烟", "8543")], c="GB", k=["distributor"]))
Z("光付逆变器 巴基斯坦", E("Pakistani buyers of solar inverters. TRAP: IME typo 光付 = 光伏", p=[INVERTER], c="PK"), True)
Z("求推荐靠谱的意大利石材进口商", E("Italian natural stone importers", p=[P("natural stone", "石材")], c="IT", k=["importer"]))
Z("帮我找一下德国 LED 卖家", E("companies selling LED lighting in Germany (resellers/retailers) = buyers for a Chinese exporter. TRAP: 卖家 (seller) vs 买家 — either an IME typo or 'German LED resellers'; both lead to German buyers, not suppliers", p=[LEDLIGHT], c="DE", k=["retailer"]), True)
Z("找国内做硅胶厨具的工厂", E("Chinese silicone kitchenware factories (国内 = China)", role="supplier", p=[SILICONE_KW], c="CN", k=["manufacturer"]))
Z("想在土耳其找做牛仔布的厂家", E("Turkish denim fabric manufacturers to source from", role="supplier", p=[P("denim fabric", "牛仔布")], c="TR", k=["manufacturer"]))
Z("孟加拉服装厂 纽扣拉链 客户", E("Bangladeshi garment factories as buyers of buttons and zippers. TRAP: the 服装厂 are the customers (buyers), not suppliers", p=[P("buttons", "纽扣", "9606"), P("zippers", "拉链", "9607")], c="BD", k=["manufacturer"]), True)
Z("找做汽配的美国进口商 不要贸易公司", E("US auto parts importers excluding trading companies", p=[AUTOPARTS], c="US", k=["importer"], other="exclude trading companies"))
Z("帮我看看英国哪些超市在卖中国的竹制品", E("UK supermarkets selling Chinese bamboo products. TRAP: China = origin, UK = target", p=[P("bamboo products", "竹制品")], c="GB", o="CN", k=["retailer"], other="supermarkets"), True)
Z("有哪些美国公司从越南进口家具", E("US importers of Vietnamese furniture. TRAP: VN origin, US target", p=[FURN], c="US", o="VN", k=["importer"]), True)
Z("找墨西哥从中国进口LED的公司，要最近一年有记录的", E("Mexican importers of LED from China with records in last 12 months. TRAP: two countries, CN is origin", p=[LEDLIGHT], c="MX", o="CN", k=["importer"], other="import records in the last 12 months"), True)
Z("法兰绒毯子 找美国沃尔玛这种大零售商", E("large US retailers (Walmart-like) of flannel blankets. TRAP: 法兰绒 = flannel, nothing to do with France (法)", p=[P("flannel blanket", "法兰绒毯", "6301")], c="US", k=["retailer"], size="large"), True)
Z("找日本的中式家具进口商", E("Japanese importers of Chinese-style furniture. TRAP: 中式 is a style; CN is not the target (origin not stated)", p=[P("Chinese-style furniture", "中式家具")], c="JP", k=["importer"]), True)
Z("泰国香米 找非洲的进口商", E("African importers of Thai jasmine rice. TRAP: Thailand is both in the product and its origin, but not the target", p=[P("Thai jasmine rice", "泰国香米", "1006")], region="Africa", o="TH", k=["importer"]), True)
Z("越南腰果 荷兰进口商", E("Dutch importers of Vietnamese cashews. TRAP: VN origin, NL target", p=[CASHEW], c="NL", o="VN", k=["importer"]), True)
Z("德国机械 越南买家", E("Vietnamese buyers of German machinery (most likely reading; could be 'machinery buyers in DE and VN'). TRAP", p=[P("German machinery", "德国机械")], c="VN", o="DE"), True)
Z("冷冻虾 美日韩进口商 有邮箱有电话", E("frozen shrimp importers in US, Japan, Korea (美日韩) with email and phone", p=[SHRIMP], c="US JP KR", k=["importer"], ct=["email", "phone"]))
Z("苹果 出口 找孟加拉客户", E("Bangladeshi buyers of fresh apples. TRAP: 苹果 = the fruit here (出口 context), not Apple", p=[P("fresh apples", "鲜苹果", "080810")], c="BD"), True)
Z("苹果手机壳 找欧洲亚马逊卖家", E("European Amazon sellers of iPhone cases. TRAP: 苹果 = Apple brand here", p=[P("iPhone cases", "苹果手机壳")], region="Europe", k=["e-commerce seller"], other="sells on Amazon"), True)
Z("柠檬酸 找东南亚的食品厂", E("SE Asian food factories buying citric acid (factories are buyers)", p=[P("citric acid", "柠檬酸", "291814")], c=SEA, region="Southeast Asia", k=["manufacturer"]))
Z("PVC树脂粉 孟加拉 巴基斯坦", E("Bangladeshi and Pakistani PVC resin buyers", p=[P("PVC resin", "PVC树脂", "390410")], c="BD PK"))
Z("手动工具 美国五金连锁店", E("US hardware chain stores buying hand tools", p=[P("hand tools", "手动工具")], c="US", k=["retailer"], other="hardware chain stores"))
Z("瓷砖卫浴 沙特 建材批发商", E("Saudi building-material wholesalers of tiles and sanitary ware", p=[TILES, P("sanitary ware", "卫浴洁具")], c="SA", k=["wholesaler"]))
Z("一次性医用手套 欧洲分销商 要邮箱", E("European distributors of disposable medical gloves with email", p=[P("disposable medical gloves", "一次性医用手套", "4015")], region="Europe", k=["distributor"], ct=["email"]))
Z("注射器 非洲 政府采购", E("African buyers of syringes via government procurement/tenders", p=[P("syringes", "注射器", "901831")], region="Africa", other="government procurement / tenders"))
Z("狗绳 项圈 美国宠物店", E("US pet stores buying dog leashes and collars", p=[DOGLEASH, P("dog collars", "狗项圈", "4201")], c="US", k=["retailer"], other="pet stores"))
Z("快递袋 墨西哥电商", E("Mexican e-commerce companies buying poly mailer bags", p=[P("poly mailer bags", "快递袋", "3923")], c="MX", k=["e-commerce seller"]))
Z("瑜伽服 澳洲品牌商", E("Australian yoga-wear brands", p=[P("yoga wear", "瑜伽服")], c="AU", k=["brand"]))
Z("运动鞋 俄罗斯批发", E("Russian sneaker wholesalers", p=[P("sneakers", "运动鞋")], c="RU", k=["wholesaler"]))
Z("假发 尼日利亚和美国", E("Nigerian and US wig buyers", p=[P("wigs", "假发", "6704")], c="NG US"))
Z("合金耳环饰品 找美国小批发商", E("small US wholesalers of alloy fashion earrings", p=[P("fashion jewelry earrings (alloy)", "合金耳环饰品", "7117")], c="US", k=["wholesaler"], size="small"))
Z("健身器材 迪拜 健身房", E("gyms in Dubai (UAE) buying fitness equipment (end users)", p=[P("fitness equipment", "健身器材", "9506")], c="AE", k=["gym"], other="located in Dubai"))
Z("二手车出口 找中亚客户", E("Central Asian buyers of used cars", p=[P("used cars", "二手车", "8703")], c=CA5, region="Central Asia"))
Z("帮我找客户", E(VAGUE, u=False))
Z("你好", E("greeting only, nothing to search", u=False))
Z("我是做外贸的", E("self-introduction without product or target", u=False))
Z("怎么用", E("question about the tool, not a search", u=False))

# ====================================================== Traditional Chinese
T = lambda s, e, t=False: add(hant, s, e, t)
T("幫我找德國的LED面板燈買家", E("German LED panel light buyers", p=[LEDPANEL], c="DE"))
T("請問有沒有美國的螺絲進口商", E("US screw importers", p=[P("screws", "螺丝", "7318")], c="US", k=["importer"]))
T("我們是台灣的工具機廠，想找越南的代理商", E("Vietnamese agents for machine tools; 台灣 is the user's own location, not a target", p=[P("machine tools", "机床（工具机）")], c="VN", k=["agent"]))
T("想找日本的寵物用品通路商", E("Japanese pet product distributors (通路商 = distributor, TW usage)", p=[P("pet products", "宠物用品")], c="JP", k=["distributor"]))
T("澳洲的太陽能板經銷商 有email的", E("Australian solar panel distributors with email", p=[SOLAR], c="AU", k=["distributor"], ct=["email"]))
T("搵英國嘅手袋批發商", E("UK handbag wholesalers. TRAP: Cantonese (搵 = find, 嘅 = 的)", p=[P("handbags", "手袋（手提包）", "4202")], c="GB", k=["wholesaler"]), True)
T("有冇加拿大嘅傢俬入口商", E("Canadian furniture importers. TRAP: HK Cantonese (有冇, 傢俬 = furniture, 入口商 = importer)", p=[FURN], c="CA", k=["importer"]), True)
T("機車零件 找印尼的買主", E("Indonesian buyers of motorcycle parts. TRAP: 機車 = motorcycle/scooter in Taiwan (not locomotive)", p=[P("motorcycle parts", "摩托车配件", "8714")], c="ID"), True)
T("奈及利亞 行動電源 經銷商", E("Nigerian power bank distributors. TRAP: TW names 奈及利亞 = Nigeria, 行動電源 = power bank", p=[P("power banks", "充电宝（行动电源）")], c="NG", k=["distributor"]), True)
T("紐西蘭保健食品進口商", E("New Zealand health supplement importers", p=[P("health supplements", "保健品")], c="NZ", k=["importer"]))
T("星馬地區的珍珠奶茶原料買家", E("Singapore and Malaysia buyers of bubble tea ingredients. TRAP: 星馬 = Singapore + Malaysia", p=[P("bubble tea ingredients (tapioca pearls, syrups, powders)", "珍珠奶茶原料")], c="SG MY"), True)
T("義大利的鞋材供應商", E("Italian suppliers of shoe materials", role="supplier", p=[P("shoe materials", "鞋材")], c="IT"))
T("沙烏地阿拉伯 冷氣 經銷商", E("Saudi air-conditioner distributors (冷氣 = AC)", p=[P("air conditioners", "空调", "8415")], c="SA", k=["distributor"]))
T("找杜拜的不鏽鋼餐具批發商", E("Dubai (UAE) wholesalers of stainless steel tableware/cutlery", p=[P("stainless steel tableware / cutlery", "不锈钢餐具")], c="AE", k=["wholesaler"], other="located in Dubai"))
T("肯亞、坦尚尼亞的塑膠袋進口商", E("Kenyan and Tanzanian plastic bag importers. TRAP: TW names 肯亞 = Kenya, 坦尚尼亞 = Tanzania", p=[P("plastic bags", "塑料袋", "3923")], c="KE TZ", k=["importer"]), True)
T("請幫我找北美的自行車零件採購商，規模大一點的", E("large North American bicycle parts buyers", p=[P("bicycle parts", "自行车配件", "8714")], c=NA, region="North America", size="large"))
T("瓜地馬拉的紡織品買家", E("Guatemalan textile buyers", p=[P("textiles", "纺织品")], c="GT"))
T("韓國 網通設備 代理商", E("Korean agents for networking equipment", p=[P("networking equipment", "网络通信设备", "8517")], c="KR", k=["agent"]))
T("香港的電子零件貿易商", E("Hong Kong electronic component traders", p=[P("electronic components", "电子元器件")], c="HK", k=["trading company"]))
T("我們是做鳳梨酥的，想找美國和加拿大的亞洲超市", E("Asian supermarkets in US and Canada buying pineapple cakes", p=[P("pineapple cakes", "凤梨酥", "1905")], c="US CA", k=["retailer"], other="Asian supermarkets"))

# ====================================================== English
N = lambda s, e, t=False: add(en, s, e, t)
N("LED panel light buyers germany", E("German LED panel buyers", p=[LEDPANEL], c="DE"))
N("importers of Vietnamese cashews in the Netherlands", E("Dutch importers of Vietnamese cashews. TRAP: VN origin, NL target", p=[CASHEW], c="NL", o="VN", k=["importer"]), True)
N("furniture importers USA", E("US furniture importers", p=[FURN], c="US", k=["importer"]))
N("solarpanel distributers in australia with email", E("Australian solar panel distributors with email (typos: solarpanel, distributers)", p=[SOLAR], c="AU", k=["distributor"], ct=["email"]))
N("french fries importers", E("importers of frozen fries anywhere. TRAP: 'french' is part of the product, France is not a target", p=[FRIES], k=["importer"]), True)
N("dutch oven buyers in US", E("US buyers of dutch ovens. TRAP: 'dutch' is the product, not NL", p=[P("cast iron dutch oven", "铸铁荷兰锅", "7323")], c="US"), True)
N("turkish towel retailers UK", E("UK retailers of Turkish towels. TRAP: 'turkish' names the product, target is GB", p=[TTOWEL], c="GB", k=["retailer"]), True)
N("Brazil nuts importers in Germany", E("German Brazil-nut importers. TRAP: Brazil is in the product name, not a target", p=[P("Brazil nuts", "巴西坚果", "0801")], c="DE", k=["importer"]), True)
N("swiss roll buyers in saudi", E("Saudi buyers of swiss rolls (cake). TRAP: 'swiss' is product, not CH", p=[P("swiss roll cake", "瑞士卷", "1905")], c="SA"), True)
N("chinese cabbage importers in korea", E("South Korean importers of Chinese cabbage (napa). TRAP: 'chinese' is the product, CN not a target", p=[P("Chinese cabbage (napa cabbage)", "大白菜", "0704")], c="KR", k=["importer"]), True)
N("French wine importers in China", E("Chinese importers of French wine. TRAP: France = origin (and in product), China = target", p=[P("wine", "葡萄酒", "2204")], c="CN", o="FR", k=["importer"]), True)
N("cologne distributors in Dubai", E("Dubai (UAE) distributors of cologne perfume. TRAP: cologne = fragrance, not Köln/DE", p=[P("cologne / perfume", "古龙水（香水）", "3303")], c="AE", k=["distributor"], other="located in Dubai"), True)
N("fine bone china tableware buyers UK", E("UK buyers of bone china tableware. TRAP: 'china' = porcelain, not CN", p=[P("bone china tableware", "骨瓷餐具", "6911")], c="GB"), True)
N("frozen turkey suppliers in Brazil", E("Brazilian suppliers of frozen turkey meat. TRAP: turkey = the bird, not TR; role supplier", role="supplier", p=[P("frozen turkey meat", "冷冻火鸡肉", "0207")], c="BR"), True)
N("gel nail polish buyers in mexico", E("Mexican buyers of gel nail polish. TRAP: polish is not Poland", p=[P("gel nail polish", "甲油胶", "330430")], c="MX"), True)
N("split AC importers in Nigeria", E("Nigerian importers of split air conditioners. TRAP: 'split' is the AC type, not Split (Croatia)", p=[P("split air conditioner", "分体式空调", "8415")], c="NG", k=["importer"]), True)
N("chips buyers in vietnam", E("TRAP: 'chips' could be potato chips, semiconductor chips or wood chips; a careful human would ask. Country VN is clear", c="VN", u=False), True)
N("potato chips distributors in the philippines", E("Philippine potato chip distributors", p=[POTCHIPS], c="PH", k=["distributor"]))
N("brake pad wholeselers kenya", E("Kenyan brake pad wholesalers (typo wholeselers)", p=[BRAKEPAD], c="KE", k=["wholesaler"]))
N("porcelain tiles importers in the US, need phone numbers", E("US porcelain tile importers with phone", p=[P("porcelain tiles", "瓷质砖", "6907")], c="US", k=["importer"], ct=["phone"]))
N("find me customers", E(VAGUE, u=False), True)
N("what can you do", E("question about the tool, not a search", u=False), True)
N("Im a manufacturer of silicone baby bottles, looking for distributors in Europe", E("European distributors of silicone baby bottles; user describes self as manufacturer", p=[P("silicone baby bottles", "硅胶奶瓶")], region="Europe", k=["distributor"]))
N("looking for manufacturers of silicone baby bottles", E("silicone baby bottle manufacturers to source from, no country", role="supplier", p=[P("silicone baby bottles", "硅胶奶瓶")], k=["manufacturer"]))
N("OEM factory for yoga pants in China", E("Chinese OEM factories for yoga pants", role="supplier", p=[P("yoga pants", "瑜伽裤")], c="CN", k=["manufacturer"], other="OEM"))
N("lithuim battery buyers in Phillipines", E("Philippine lithium battery buyers. TRAP: typos lithuim, Phillipines", p=[P("lithium-ion batteries", "锂电池", "850760")], c="PH"), True)
N("tyre distributors in Columbia", E("Colombian tyre distributors. TRAP: 'Columbia' is the common misspelling of Colombia (not British Columbia / Columbia SC)", p=[TYRE], c="CO", k=["distributor"]), True)
N("HVAC distributors in Georgia, Atlanta area", E("HVAC distributors in Atlanta, Georgia, USA. TRAP: Georgia the US state, not the country GE", p=[P("HVAC equipment", "暖通空调设备")], c="US", k=["distributor"], other="Atlanta, Georgia (US state)"), True)
N("water pump importers jordan", E("Jordanian water pump importers", p=[P("water pumps", "水泵", "8413")], c="JO", k=["importer"]))
N("Korean cosmetics distributors in Russia", E("Russian distributors of Korean cosmetics. TRAP: KR origin, RU target", p=[COSM], c="RU", o="KR", k=["distributor"]), True)
N("korean cosmetics distributors", E("distributors of Korean cosmetics, location not stated. TRAP/AMBIGUOUS: could also mean distributors located in Korea", p=[COSM], o="KR", k=["distributor"]), True)
N("German machinery buyers in Vietnam", E("Vietnamese buyers of German machinery. TRAP: DE origin, VN target", p=[P("machinery", "机械设备")], c="VN", o="DE"), True)
N("buyers in KSA for steel pipes", E("Saudi steel pipe buyers (KSA = Saudi Arabia)", p=[P("steel pipes", "钢管")], c="SA"))
N("UAE and Oman importers of building materials", E("UAE and Omani building materials importers", p=[P("building materials", "建材")], c="AE OM", k=["importer"]))
N("EU importers of nitrile gloves, email required", E("EU nitrile glove importers with email", p=[P("nitrile gloves", "丁腈手套", "4015")], c=EU27, region="EU", k=["importer"], ct=["email"]))
N("Scandinavian outdoor furniture retailers", E("Scandinavian outdoor furniture retailers", p=[P("outdoor furniture", "户外家具")], c=SCANDI, region="Scandinavia", k=["retailer"]))
N("Benelux pet food distributors", E("Benelux pet food distributors", p=[PETFOOD], c=BENELUX, region="Benelux", k=["distributor"]))
N("DACH distributors for power tools", E("power tool distributors in Germany, Austria, Switzerland", p=[P("power tools", "电动工具", "8467")], c=DACH, region="DACH", k=["distributor"]))
N("frozen fish importers west africa", E("West African frozen fish importers", p=[P("frozen fish", "冷冻鱼", "0303")], c=WAF, region="West Africa", k=["importer"]))
N("East Africa solar home system distributors", E("East African distributors of solar home systems", p=[P("solar home systems", "太阳能家用系统")], c=EAF, region="East Africa", k=["distributor"]))
N("small importers of ceramic mugs in the US", E("small US ceramic mug importers", p=[P("ceramic mugs", "陶瓷马克杯")], c="US", k=["importer"], size="small"))
N("large medical disposables distributors in Saudi Arabia with 100+ staff", E("large Saudi medical disposables distributors, 100+ employees", p=[P("medical disposables", "医疗耗材")], c="SA", k=["distributor"], size="100+"))
N("companies in Texas, Florida and California buying LED bulbs", E("US (TX, FL, CA states) buyers of LED bulbs; CA here is California, not Canada", p=[P("LED bulbs", "LED灯泡", "8539")], c="US", other="Texas, Florida, California"))
N("can u find kitchen cabinet importers in Toronto", E("Toronto (Canada) kitchen cabinet importers", p=[P("kitchen cabinets", "橱柜", "9403")], c="CA", k=["importer"], other="located in Toronto"))
N("Lagos distributors of diesel generators", E("Lagos (Nigeria) diesel generator distributors", p=[P("diesel generator sets", "柴油发电机组", "8502")], c="NG", k=["distributor"], other="located in Lagos"))
N("sao paulo cosmetics wholesalers", E("São Paulo (Brazil) cosmetics wholesalers", p=[COSM], c="BR", k=["wholesaler"], other="located in São Paulo"))
N("manila rope buyers", E("buyers of manila (abaca) rope, no country. TRAP: Manila is the fibre, not the city/PH", p=[P("manila rope", "马尼拉麻绳", "5607")]), True)
N("plaster of paris suppliers in India", E("Indian suppliers of plaster of Paris. TRAP: Paris is in the product name; role supplier", role="supplier", p=[P("plaster of Paris (gypsum plaster)", "熟石膏", "2520")], c="IN"), True)
N("gum arabic importers europe", E("European importers of gum arabic. TRAP: 'arabic' is the product, not Arab countries", p=[P("gum arabic", "阿拉伯胶", "1301")], region="Europe", k=["importer"]), True)
N("egyptian cotton bed sheets buyers for US hotels", E("US hotels buying Egyptian-cotton bed sheets. TRAP: Egypt describes the cotton, not the target (origin not required)", p=[P("Egyptian cotton bed sheets", "埃及棉床单", "6302")], c="US", k=["hotel"]), True)
N("wood pellet importers in europe, need whatsapp", E("European wood pellet importers with WhatsApp", p=[P("wood pellets", "木颗粒", "440131")], region="Europe", k=["importer"], ct=["whatsapp"]))
N("who imports HS 8507 into Brazil", E("Brazilian importers under HS 8507 (accumulators/batteries)", p=[P("electric accumulators (batteries)", "蓄电池", "8507")], c="BR", k=["importer"]))
N("hs code 030617 importers japan", E("Japanese importers under HS 030617 (frozen shrimps and prawns)", p=[SHRIMP], c="JP", k=["importer"]))
N("pls find garment buyers in UK asap", E("UK apparel buyers", p=[P("garments / apparel", "服装")], c="GB"))
N("need distributors for our water purifiers in India and Sri Lanka", E("Indian and Sri Lankan water purifier distributors", p=[P("water purifiers", "净水器", "842121")], c="IN LK", k=["distributor"]))
N("we are a chinese factory making aluminum windows, looking for contractors in New Zealand", E("NZ contractors buying aluminium windows; 'chinese' describes the user, CN is not a target", p=[P("aluminium windows", "铝合金窗", "7610")], c="NZ", k=["contractor"]))
N("supplier of frozen chicken paws in Brazil", E("Brazilian suppliers of frozen chicken paws", role="supplier", p=[P("frozen chicken paws", "冷冻鸡爪", "0207")], c="BR"))
N("Canadian importers of Chinese solar inverters", E("Canadian importers of solar inverters from China. TRAP: adjective Chinese = origin, Canadian = target", p=[INVERTER], c="CA", o="CN", k=["importer"]), True)
N("vietnamese coffee buyers in germany", E("German buyers of Vietnamese coffee. TRAP: VN origin, DE target", p=[P("coffee", "咖啡", "0901")], c="DE", o="VN"), True)
N("hair dryer distributors in USA, UK and Canada", E("hair dryer distributors in US, UK, Canada", p=[P("hair dryers", "吹风机", "851631")], c="US GB CA", k=["distributor"]))
N("germany excavator dealers", E("German excavator dealers", p=[P("excavators", "挖掘机", "8429")], c="DE", k=["dealer"]))
N("buyers of used tires in Ghana", E("Ghanaian buyers of used tyres", p=[P("used tyres", "二手轮胎", "4012")], c="GH"))
N("electric bike distributors netherlands belgium", E("Dutch and Belgian e-bike distributors", p=[EBIKE], c="NL BE", k=["distributor"]))
N("pet grooming tools amazon sellers US", E("US Amazon sellers of pet grooming tools", p=[P("pet grooming tools", "宠物美容工具")], c="US", k=["e-commerce seller"], other="sells on Amazon"))
N("copper cathode buyers india", E("Indian copper cathode buyers", p=[P("copper cathode", "电解铜（阴极铜）", "7403")], c="IN"))
N("whats the best market for my LED strips", E("asks for market advice; a reasonable search is LED strip buyers anywhere. AMBIGUOUS: arguably not a search", p=[P("LED strip lights", "LED灯带")]), True)
N("show me buyers", E(VAGUE, u=False), True)
N("I need supplier of cashew nuts from Vietnam or Cambodia, must have export license", E("Vietnamese or Cambodian cashew suppliers with export licence", role="supplier", p=[CASHEW], c="VN KH", other="must hold an export licence"))
N("cocoa bean suppliers in Ivory Coast", E("Ivorian cocoa bean suppliers. TRAP: Ivory Coast = Côte d'Ivoire = CI", role="supplier", p=[P("cocoa beans", "可可豆", "1801")], c="CI"), True)
N("importers of Ceylon tea in Russia", E("Russian importers of Ceylon tea. TRAP: Ceylon = Sri Lanka (origin), RU = target", p=[P("Ceylon black tea", "锡兰红茶", "0902")], c="RU", o="LK", k=["importer"]), True)
N("hotel linen buyers dubai 5 star hotels", E("5-star hotels in Dubai buying hotel linen", p=[P("hotel linen", "酒店布草", "6302")], c="AE", k=["hotel"], other="5-star hotels in Dubai"))
N("find importers for our green tea in Morocco", E("Moroccan green tea importers", p=[P("green tea", "绿茶", "0902")], c="MA", k=["importer"]))
N("baby diaper importers in Iraq", E("Iraqi baby diaper importers", p=[P("baby diapers", "婴儿纸尿裤", "9619")], c="IQ", k=["importer"]))
N("dental chair buyers in Egypt", E("Egyptian dental chair buyers", p=[P("dental chairs", "牙科椅", "9402")], c="EG"))
N("forklift dealers in Chile and Peru", E("Chilean and Peruvian forklift dealers", p=[P("forklifts", "叉车", "8427")], c="CL PE", k=["dealer"]))
N("fishing tackle wholesalers in australia", E("Australian fishing tackle wholesalers", p=[P("fishing tackle", "渔具", "9507")], c="AU", k=["wholesaler"]))
N("sunglasses retailers in italy", E("Italian sunglasses retailers", p=[P("sunglasses", "太阳镜", "900410")], c="IT", k=["retailer"]))
N("Christmas lights importers in US and Canada, must have imported in the last 12 months", E("US/CA Christmas light importers with imports in last 12 months", p=[P("Christmas lights", "圣诞灯串", "9405")], c="US CA", k=["importer"], other="import records in the last 12 months"))
N("graphite electrode buyers in Russia and Turkey", E("Russian and Turkish graphite electrode buyers", p=[P("graphite electrodes", "石墨电极", "854511")], c="RU TR"))
N("honey importers in Germany who buy from Ukraine", E("German honey importers sourcing from Ukraine. TRAP: UA is origin", p=[P("honey", "蜂蜜", "0409")], c="DE", o="UA", k=["importer"]), True)

# ====================================================== Mixed
M = lambda s, e, t=False: add(mixed, s, e, t)
M("帮我找Germany的LED panel买家", E("German LED panel buyers", p=[LEDPANEL], c="DE"))
M("有没有做PET preform的Mexico客户", E("Mexican companies in the PET preform business as customers. AMBIGUOUS: '做PET preform的' may mean they make/use preforms (then they buy resin or moulds); search stays PET preform in MX", p=[PREFORM], c="MX"))
M("找一下UAE的solar inverter distributor，要有WhatsApp", E("UAE solar inverter distributors with WhatsApp", p=[INVERTER], c="AE", k=["distributor"], ct=["whatsapp"]))
M("找USA的kitchen sink importer 304的", E("US importers of 304 stainless kitchen sinks", p=[SINK304], c="US", k=["importer"]))
M("我们做EV charger的 想找Europe的installer", E("European installers of EV chargers", p=[P("EV charger", "电动汽车充电桩")], region="Europe", k=["contractor"], other="installers"))
M("amazon seller 美国 pet bed 有邮箱", E("US Amazon sellers of pet beds with email", p=[P("pet beds", "宠物窝")], c="US", k=["e-commerce seller"], ct=["email"], other="sells on Amazon"))
M("找Saudi的HVAC contractor", E("Saudi HVAC contractors", p=[P("HVAC equipment", "暖通空调设备")], c="SA", k=["contractor"]))
M("KSA和UAE的power bank买家", E("Saudi and UAE power bank buyers", p=[P("power banks", "充电宝")], c="SA AE"))
M("东南亚 PCB 买家", E("SE Asian PCB buyers", p=[P("printed circuit boards (PCB)", "印制电路板", "8534")], c=SEA, region="Southeast Asia"))
M("Brazil nuts的supplier在玻利维亚", E("Bolivian Brazil-nut suppliers. TRAP: Brazil is the product name; the place is Bolivia; role supplier", role="supplier", p=[P("Brazil nuts", "巴西坚果", "0801")], c="BO"), True)
M("french fries machine的买家 印度", E("Indian buyers of french-fries production machines. TRAP: product is the machine, not fries; France irrelevant", p=[P("french fries production machine", "薯条生产设备")], c="IN"), True)
M("帮我找cologne的distributor 中东", E("Middle East perfume/cologne distributors. TRAP: cologne = fragrance, not Köln", p=[P("cologne / perfume", "古龙水（香水）", "3303")], c=ME, region="Middle East", k=["distributor"]), True)
M("找LATAM的tire importer 要大客户", E("large Latin American tyre importers", p=[TYRE], c=LATAM, region="Latin America", k=["importer"], size="large"))
M("OEM factory 做yoga mat的 越南", E("Vietnamese OEM yoga mat factories to source from", role="supplier", p=[P("yoga mats", "瑜伽垫")], c="VN", k=["manufacturer"], other="OEM"))
M("HS 6907 瓷砖 墨西哥 importer 有记录的", E("Mexican importers of HS 6907 tiles with import records", p=[TILES], c="MX", k=["importer"], other="must have import records"))
M("需要UK的distributor for 我们的smart lock，要decision maker的email", E("UK smart lock distributors, decision-maker email", p=[P("smart locks", "智能门锁")], c="GB", k=["distributor"], ct=["email", "decision maker"]))
M("Chinese cabbage 韩国进口商", E("Korean importers of Chinese cabbage. TRAP: 'Chinese' is part of the product", p=[P("Chinese cabbage (napa cabbage)", "大白菜", "0704")], c="KR", k=["importer"]), True)
M("找Poland的nail polish批发", E("Polish nail polish wholesalers. TRAP: Poland and polish in one line; only Poland is a place", p=[P("nail polish", "指甲油", "330430")], c="PL", k=["wholesaler"]), True)
M("china dinnerware 在UK的buyer", E("UK buyers of china (porcelain) dinnerware. TRAP/AMBIGUOUS: 'china' = porcelain, possibly also meant 'Chinese-made'; CN is not the target", p=[P("china (porcelain) dinnerware", "瓷质餐具", "6911")], c="GB"), True)
M("找Philippines的rice importer pls", E("Philippine rice importers", p=[P("rice", "大米", "1006")], c="PH", k=["importer"]))


def emit():
    cases, n = [], 0
    stats = {}
    for lang, bucket in (("zh", zh), ("zh-Hant", hant), ("en", en), ("mixed", mixed)):
        t = 0
        for s, e, trap in bucket:
            n += 1
            cases.append({"id": "h%03d" % n, "lang": lang, "sentence": s, "expect": e})
            t += trap
        stats[lang] = (len(bucket), t)
    return cases, stats

cases, stats = emit()

# ====================================================== Conversations
def turn(s, e): return {"sentence": s, "expect": e}
def upd(e, why, **kw):
    d = copy.deepcopy(e)
    for k, v in kw.items():
        if isinstance(v, str) and k in ("countries", "exclude_countries", "origins"):
            v = L(v)
        if v is None:
            d.pop(k, None)
        else:
            d[k] = v
    d["why"] = why
    # keep key order stable
    order = ["understood", "role", "products", "countries", "region", "exclude_countries", "origins", "kinds", "contact", "size", "other", "why"]
    return {k: d[k] for k in order if k in d}

convs = []
def C(lang, *turns):
    convs.append({"id": "c%02d" % (len(convs) + 1), "lang": lang, "turns": [turn(s, e) for s, e in turns]})

a = E("German LED panel buyers", p=[LEDPANEL], c="DE")
b = upd(a, "same search, country replaced by France", countries="FR")
C("zh", ("帮我找德国的LED面板灯买家", a), ("换成法国", b), ("只要有邮箱的", upd(b, "French LED panel buyers with email", contact=["email"])))

a = E("German LED panel importers", p=[LEDPANEL], c="DE", k=["importer"])
b = upd(a, "same search, next results not shown before", other="more results beyond those already shown")
C("en", ("led panel light importers in germany", a), ("show more", b), ("only the ones with phone numbers", upd(b, "same, plus phone required", contact=["phone"])))

a = E("European pet toy importers", p=[PETTOY], region="Europe", k=["importer"])
b = upd(a, "Europe minus DE and GB", exclude_countries="DE GB")
C("zh", ("欧洲的宠物玩具进口商", a), ("除了德国和英国", b), ("要大公司", upd(b, "same, large companies only", size="large")))

a = E("Australian solar panel distributors", p=[SOLAR], c="AU", k=["distributor"])
b = upd(a, "add New Zealand", countries="AU NZ")
C("en", ("solar panel distributors in australia", a), ("new zealand too", b), ("only with email", upd(b, "plus email required", contact=["email"])))

a = E("US furniture importers", p=[FURN], c="US", k=["importer"])
b = upd(a, "only those importing from Vietnam (origin, not target)", origins="VN")
C("zh", ("美国 家具 进口商", a), ("只要从越南进口的", b), ("换成加拿大", upd(b, "Canadian importers of Vietnamese furniture; origin filter kept", countries="CA")))

a = E("Mexican PET preform buyers", p=[PREFORM], c="MX")
b = upd(a, "add Colombia and Peru", countries="MX CO PE")
C("zh", ("PET瓶胚 墨西哥", a), ("再加上哥伦比亚和秘鲁", b), ("有WhatsApp的", upd(b, "plus WhatsApp required", contact=["whatsapp"])))

a = E("Japanese frozen shrimp importers", p=[SHRIMP], c="JP", k=["importer"])
b = upd(a, "product replaced by frozen squid", products=[SQUID])
C("en", ("frozen shrimp importers in japan", a), ("switch to squid", b), ("korea as well", upd(b, "add South Korea", countries="JP KR")))

a = E("Vietnamese cashew suppliers", role="supplier", p=[CASHEW], c="VN")
b = upd(a, "add Cambodia", countries="VN KH")
C("zh", ("我想找越南的腰果供应商", a), ("柬埔寨的也可以", b), ("要有出口资质的", upd(b, "plus must hold export qualification", other="must have export licence/qualification")))

a = E("Indian buyers of 18650 cells", p=[CELL18650], c="IN")
b = upd(a, "product replaced by portable power stations", products=[PPS])
C("zh", ("18650锂电池 印度买家", a), ("换成户外电源", b), ("换成巴基斯坦", upd(b, "Pakistani buyers of portable power stations", countries="PK")))

a = E("Kenyan brake pad wholesalers", p=[BRAKEPAD], c="KE", k=["wholesaler"])
b = upd(a, "add Tanzania and Uganda", countries="KE TZ UG")
C("en", ("brake pad wholesalers in kenya", a), ("also tanzania and uganda", b), ("distributors too, no retailers", upd(b, "wholesalers or distributors, retailers excluded", kinds=["wholesaler", "distributor"], other="exclude retailers")))

a = E("Saudi tyre distributors", p=[TYRE], c="SA", k=["distributor"])
b = upd(a, "country replaced by UAE + Qatar (Saudi dropped; listing SA in exclude_countries is also acceptable)", countries="AE QA")
C("zh", ("找沙特的轮胎经销商", a), ("不要沙特了，换阿联酋和卡塔尔", b), ("再多给几家", upd(b, "same search, more results", other="more results beyond those already shown")))

a = E("Polish cosmetics importers", p=[COSM], c="PL", k=["importer"])
b = upd(a, "ROLE SWITCH: now Korean cosmetics suppliers; 'importer' no longer applies", role="supplier", countries="KR", kinds=[])
C("en", ("cosmetics importers in poland", a), ("actually i want suppliers in korea instead", b), ("only manufacturers", upd(b, "Korean cosmetics manufacturers", kinds=["manufacturer"])))

a = E("Australian solar panel distributors; user is the factory", p=[SOLAR], c="AU", k=["distributor"])
b = upd(a, "installers added", kinds=["distributor", "contractor"])
C("zh", ("我们是做太阳能板的工厂，想找澳洲的经销商", a), ("安装商也可以", b), ("只要有电话的", upd(b, "plus phone required", contact=["phone"])))

a = E("buyers under HS 940542, no country", p=[HS940542])
b = upd(a, "UK buyers under HS 940542", countries="GB")
C("en", ("HS 940542 buyers", a), ("in the UK", b), ("small ones", upd(b, "small companies only", size="small")))

a = E("SE Asian importers of electric two-wheelers (ambiguous 电动车)", p=[E2W], c=SEA, region="Southeast Asia", k=["importer"])
b = upd(a, "ambiguity resolved: e-bikes", products=[EBIKE])
C("zh", ("东南亚的电动车进口商", a), ("我说的是电动自行车", b), ("不要新加坡", upd(b, "SEA minus Singapore", countries=[x for x in SEA if x != "SG"], exclude_countries="SG")))

a = E("UK Turkish towel retailers", p=[TTOWEL], c="GB", k=["retailer"])
b = upd(a, "add Germany", countries="GB DE")
C("en", ("turkish towel retailers in UK", a), ("also germany", b), ("with more than 50 employees", upd(b, "plus 50+ employees", size="50+")))

a = E(VAGUE, u=False)
b = E("US buyers of stainless steel sinks; first real search", p=[P("stainless steel sink", "不锈钢水槽", "732410")], c="US")
C("zh", ("帮我找客户", a), ("做不锈钢水槽的，美国", b), ("要最近半年有进口的", upd(b, "plus imports in last 6 months", other="import records in the last 6 months")))

a = E(VAGUE, u=False)
b = E("buyers of dog leashes, no country yet", p=[DOGLEASH])
C("en", ("find me customers", a), ("i sell dog leashes", b), ("USA and Canada", upd(b, "US and Canadian dog leash buyers", countries="US CA")))

a = E("Latin American toy importers", p=[TOYS], c=LATAM, region="Latin America", k=["importer"])
b = upd(a, "narrowed to Mexico only", countries="MX", region=None)
C("zh", ("拉美的玩具进口商", a), ("只要墨西哥", b), ("换成毛绒玩具", upd(b, "Mexican plush toy importers", products=[PLUSH])))

a = E("Dutch importers of Vietnamese cashews", p=[CASHEW], c="NL", o="VN", k=["importer"])
b = upd(a, "origin switched to India", origins="IN")
C("en", ("importers of vietnamese cashews in the netherlands", a), ("what about indian cashews", b), ("belgium too", upd(b, "Dutch and Belgian importers of Indian cashews", countries="NL BE")))

a = E("Japanese pet product distributors", p=[P("pet products", "宠物用品")], c="JP", k=["distributor"])
b = upd(a, "add South Korea", countries="JP KR")
C("zh-Hant", ("幫我找日本的寵物用品通路商", a), ("韓國也要", b), ("只要有email的", upd(b, "plus email required", contact=["email"])))

a = E("UAE solar inverter distributors", p=[INVERTER], c="AE", k=["distributor"])
b = upd(a, "add Saudi Arabia", countries="AE SA")
C("mixed", ("UAE的solar inverter distributor", a), ("加上沙特", b), ("要有WhatsApp的", upd(b, "plus WhatsApp required", contact=["whatsapp"])))

a = E("frozen fries importers anywhere. TRAP: 'french' is the product", p=[FRIES], k=["importer"])
b = upd(a, "Saudi importers of frozen fries", countries="SA")
C("en", ("french fries importers", a), ("in saudi arabia", b), ("only big companies", upd(b, "large ones only", size="large")))

a = E("pasta importers anywhere. TRAP: Italy is in the product name", p=[P("pasta", "意大利面", "1902")], k=["importer"])
b = upd(a, "African pasta importers", region="Africa")
C("zh", ("意大利面 进口商", a), ("找非洲的", b), ("除了埃及", upd(b, "Africa minus Egypt", exclude_countries="EG")))

a = E("Russian excavator parts buyers", p=[EXCPARTS], c="RU")
b = upd(a, "country replaced by Kazakhstan", countries="KZ")
C("en", ("excavator parts buyers in russia", a), ("kazakhstan instead", b), ("also used excavators", upd(b, "Kazakh buyers of excavator parts and used excavators", products=[EXCPARTS, USEDEXC])))

a = E("UK pet food importers", p=[PETFOOD], c="GB", k=["importer"])
b = upd(a, "plus purchasing manager contact", contact=["purchasing manager"])
C("zh", ("帮我找英国的宠物食品进口商", a), ("要采购经理的联系方式", b), ("换成猫砂", upd(b, "UK cat litter importers, purchasing manager contact kept", products=[CATLITTER])))

a = E("Russian distributors of Korean cosmetics (KR origin)", p=[COSM], c="RU", o="KR", k=["distributor"])
b = upd(a, "add Kazakhstan", countries="RU KZ")
C("en", ("korean cosmetics distributors in russia", a), ("and kazakhstan", b), ("only ones with whatsapp", upd(b, "plus WhatsApp required", contact=["whatsapp"])))

a = E("Mexican importers of LED from China", p=[LEDLIGHT], c="MX", o="CN", k=["importer"])
b = upd(a, "origin filter removed", origins=[])
C("zh", ("找墨西哥从中国进口LED的公司", a), ("不限来源国", b), ("只要分销商", upd(b, "Mexican LED distributors", kinds=["distributor"])))

a = E("Chinese silicone kitchenware factories", role="supplier", p=[SILICONE_KW], c="CN", k=["manufacturer"])
b = E("ROLE SWITCH: US buyers of silicone kitchenware", p=[SILICONE_KW], c="US")
C("zh", ("找国内做硅胶厨具的工厂", a), ("算了，帮我找买硅胶厨具的美国客户", b), ("亚马逊卖家", upd(b, "US Amazon sellers of silicone kitchenware", kinds=["e-commerce seller"], other="sells on Amazon")))

a = E("TRAP: 'chips' ambiguous (potato / semiconductor / wood); ask", c="VN", u=False)
b = E("Vietnamese potato chip buyers; ambiguity resolved", p=[POTCHIPS], c="VN")
C("en", ("chips buyers in vietnam", a), ("potato chips", b), ("thailand too", upd(b, "add Thailand", countries="VN TH")))

with open(os.path.join(OUT, "search-sentences.json"), "w", encoding="utf-8") as f:
    json.dump(cases, f, ensure_ascii=False, indent=2)
with open(os.path.join(OUT, "search-conversations.json"), "w", encoding="utf-8") as f:
    json.dump(convs, f, ensure_ascii=False, indent=2)

print("cases", len(cases), stats, "traps", sum(t for _, t in stats.values()))
print("convs", len(convs), "turns", sum(len(c["turns"]) for c in convs))
