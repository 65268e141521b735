# Generator for the HoneyLeads search-box dev set. Run: python3 build.py
import json, copy

EU = ["AT","BE","BG","HR","CY","CZ","DK","EE","FI","FR","DE","GR","HU","IE","IT","LV","LT","LU","MT","NL","PL","PT","RO","SK","SI","ES","SE"]
SEA = ["BN","KH","ID","LA","MY","MM","PH","SG","TH","TL","VN"]
ME = ["AE","SA","QA","KW","OM","BH","IQ","IR","JO","LB","SY","YE","IL","TR","EG"]
GCC = ["AE","SA","QA","KW","OM","BH"]
NA = ["US","CA"]
LATAM = ["MX","GT","BZ","HN","SV","NI","CR","PA","CU","DO","HT","CO","VE","EC","PE","BO","CL","AR","UY","PY","BR"]
CIS = ["RU","BY","KZ","KG","TJ","UZ","AM","AZ","MD"]
NORDIC = ["DK","FI","IS","NO","SE"]
BENELUX = ["BE","NL","LU"]
DACH = ["DE","AT","CH"]
ANZ = ["AU","NZ"]

def P(en, zh, hs=None):
    d = {"en": en, "zh": zh}
    if hs: d["hs"] = hs
    return d

def E(products, countries, why, role="buyer", region=None, exc=(), orig=(), ctx=(), kinds=(), contact=(), size=None, understood=True):
    d = {"understood": understood, "role": role, "products": list(products), "countries": list(countries)}
    if region: d["region"] = region
    d["exclude_countries"] = list(exc)
    d["origins"] = list(orig)
    d["context_countries"] = list(ctx)
    d["kinds"] = list(kinds)
    d["contact"] = list(contact)
    if size: d["size"] = size
    d["why"] = why
    return d

def minus(lst, *xs):
    return [c for c in lst if c not in xs]

def NO(why):
    return E([], [], why, understood=False)

# product shorthands
LEDP = P("LED panel lights", "LED面板灯", "9405")
SOLAR = P("solar panels", "太阳能板", "8541")
LIB = P("lithium batteries", "锂电池", "8507")
FURN = P("furniture", "家具", "9403")
LIGHT = P("lighting fixtures", "灯具", "9405")
AUTOP = P("auto parts", "汽车配件", "8708")
COSM = P("cosmetics", "化妆品", "3304")
TILE = P("ceramic tiles", "瓷砖", "6907")
PETS = P("pet supplies", "宠物用品")
PHACC = P("mobile phone accessories", "手机配件")
BLD = P("building materials", "建材")
AC = P("air conditioners", "空调", "8415")
TOYS = P("toys", "玩具", "9503")
INV = P("solar inverters", "光伏逆变器", "8504")
MOTO = P("motorcycle parts", "摩托车配件", "8714")
EXC = P("excavator parts", "挖掘机配件", "8431")
PETFOOD = P("pet food", "宠物食品", "2309")
FRIES = P("frozen french fries", "冷冻薯条", "2004")

zh, hant, en, mixed = [], [], [], []
def Z(s, e): zh.append(("zh", s, e))
def H(s, e): hant.append(("zh-Hant", s, e))
def N(s, e): en.append(("en", s, e))
def M(s, e): mixed.append(("mixed", s, e))

# ---------------- Simplified Chinese ----------------
Z("帮我找德国的LED面板灯买家", E([LEDP], ["DE"], "Plain query: LED panel light buyers in Germany."))
Z("找美国的太阳能板进口商", E([SOLAR], ["US"], "Solar panel importers in the US.", kinds=["importer"]))
Z("日本的锂电池经销商", E([LIB], ["JP"], "Lithium battery distributors in Japan; 经销商 = distributor.", kinds=["distributor"]))
Z("英国做宠物用品的批发商", E([PETS], ["GB"], "Pet supplies wholesalers in the UK; ISO code is GB, not UK.", kinds=["wholesaler"]))
Z("澳大利亚家具进口商，要有邮箱的", E([FURN], ["AU"], "Furniture importers in Australia, only those with email.", kinds=["importer"], contact=["email"]))
Z("找巴西的汽车刹车片买家", E([P("brake pads", "刹车片", "8708")], ["BR"], "Brake pad buyers in Brazil."))
Z("墨西哥有哪些买注塑机的公司", E([P("injection molding machines", "注塑机", "8477")], ["MX"], "Companies in Mexico buying injection molding machines; question form, still a search."))
Z("沙特的钢结构采购商", E([P("steel structures", "钢结构", "7308")], ["SA"], "采购商 = buyer, no specific kind; 沙特 = Saudi Arabia."))
Z("法国化妆品分销商", E([COSM], ["FR"], "Cosmetics distributors in France.", kinds=["distributor"]))
Z("找意大利的瓷砖进口商", E([TILE], ["IT"], "Italy is a big tile producer, but the user asks for importers there; do not flip to suppliers.", kinds=["importer"]))
Z("加拿大冷冻虾进口商", E([P("frozen shrimp", "冷冻虾", "0306")], ["CA"], "Frozen shrimp importers in Canada.", kinds=["importer"]))
Z("找韩国的PET瓶坯客户", E([P("PET preforms", "PET瓶坯", "3923")], ["KR"], "客户 = buyers; 韩国 = South Korea (KR)."))
Z("波兰的医用手套分销商", E([P("medical gloves", "医用手套", "4015")], ["PL"], "Medical glove distributors in Poland.", kinds=["distributor"]))
Z("荷兰的园艺工具批发商", E([P("garden tools", "园艺工具", "8201")], ["NL"], "Garden tool wholesalers in the Netherlands.", kinds=["wholesaler"]))
Z("西班牙运动服装零售商", E([P("sportswear", "运动服装")], ["ES"], "Sportswear retailers in Spain.", kinds=["retailer"]))
Z("印尼塑料颗粒买家", E([P("plastic resin pellets", "塑料颗粒")], ["ID"], "印尼 is the short form of 印度尼西亚 (ID), not India."))
Z("南非的电动工具经销商", E([P("power tools", "电动工具", "8467")], ["ZA"], "Power tool distributors in South Africa.", kinds=["distributor"]))
Z("阿联酋的手机配件批发商", E([PHACC], ["AE"], "Phone accessory wholesalers in the UAE.", kinds=["wholesaler"]))
Z("智利的水果包装纸箱买家", E([P("corrugated fruit cartons", "水果包装纸箱", "4819")], ["CL"], "The goods are cartons; fruit only describes their use, not the product searched."))
Z("找俄罗斯的挖掘机配件买家", E([EXC], ["RU"], "Excavator parts buyers in Russia."))
Z("尼日利亚的发电机进口商，要有WhatsApp", E([P("generators", "发电机", "8502")], ["NG"], "Generator importers in Nigeria with WhatsApp.", kinds=["importer"], contact=["whatsapp"]))
Z("德国有哪些宠物食品品牌商", E([PETFOOD], ["DE"], "Pet food brand owners in Germany.", kinds=["brand"]))
Z("美国的户外家具零售商，要大公司", E([P("outdoor furniture", "户外家具", "9403")], ["US"], "Outdoor furniture retailers in the US, large companies.", kinds=["retailer"], size="large"))
Z("找法国的饰品批发商", E([P("fashion jewelry", "饰品", "7117")], ["FR"], "饰品 = fashion/costume jewelry; wholesalers in France.", kinds=["wholesaler"]))
Z("日本的不锈钢保温杯进口商", E([P("stainless steel vacuum flasks", "不锈钢保温杯", "9617")], ["JP"], "Vacuum flask importers in Japan.", kinds=["importer"]))
Z("英国的儿童玩具进口商，有电话的", E([TOYS], ["GB"], "Toy importers in the UK with phone numbers.", kinds=["importer"], contact=["phone"]))
Z("澳洲的光伏逆变器经销商", E([INV], ["AU"], "澳洲 = Australia; solar inverter distributors.", kinds=["distributor"]))
Z("找菲律宾的水泥买家", E([P("cement", "水泥", "2523")], ["PH"], "Cement buyers in the Philippines."))
Z("马来西亚的医疗器械代理商", E([P("medical devices", "医疗器械")], ["MY"], "代理商 = agent; medical devices in Malaysia.", kinds=["agent"]))
Z("哥伦比亚的摩托车配件进口商", E([MOTO], ["CO"], "Motorcycle parts importers in Colombia.", kinds=["importer"]))
Z("瑞典的LED灯带客户", E([P("LED strip lights", "LED灯带", "9405")], ["SE"], "客户 = buyers; LED strips in Sweden (not Switzerland)."))
Z("肯尼亚的太阳能路灯买家", E([P("solar street lights", "太阳能路灯", "9405")], ["KE"], "Solar street light buyers in Kenya."))
Z("比利时的巧克力包装盒买家", E([P("chocolate packaging boxes", "巧克力包装盒", "4819")], ["BE"], "Product is packaging boxes, not chocolate."))
Z("找迪拜的灯具批发商", E([LIGHT], ["AE"], "Dubai is a city → UAE (AE).", kinds=["wholesaler"]))
Z("找美国亚马逊上卖瑜伽垫的卖家", E([P("yoga mats", "瑜伽垫", "9506")], ["US"], "Amazon US sellers of yoga mats (buyers of the goods); 亚马逊 is the platform, not Brazil/the Amazon region.", kinds=["e-commerce seller"]))
Z("印度的PVC树脂进口商", E([P("PVC resin", "PVC树脂", "3904")], ["IN"], "PVC resin importers in India.", kinds=["importer"]))
Z("奥地利的自行车零售商", E([P("bicycles", "自行车", "8712")], ["AT"], "奥地利 = Austria, do not confuse with 澳大利亚 (Australia).", kinds=["retailer"]))
Z("找沙特的空调进口商", E([AC], ["SA"], "Air conditioner importers in Saudi Arabia.", kinds=["importer"]))
Z("找越南的腰果供应商", E([P("cashew nuts", "腰果", "0801")], ["VN"], "供应商 → role supplier: cashew suppliers located in Vietnam.", role="supplier"))
Z("土耳其有哪些毛巾工厂", E([P("towels", "毛巾", "6302")], ["TR"], "Towel factories in Turkey → suppliers/manufacturers; here Turkey really is the location.", role="supplier", kinds=["manufacturer"]))
Z("我想从泰国进口榴莲，帮我找那边的出口商", E([P("durian", "榴莲", "0810")], ["TH"], "User imports; wanted companies are Thai exporters → role supplier, Thailand is both location and origin.", role="supplier", orig=["TH"], kinds=["exporter"]))
Z("土耳其的钛白粉进口商", E([P("titanium dioxide", "钛白粉")], ["TR"], "Titanium dioxide importers in Turkey.", kinds=["importer"]))
# product names containing places
Z("找美国做意大利面的进口商", E([P("pasta", "意大利面", "1902")], ["US"], "Trap: 意大利 is in the product name (pasta); market is the US only.", kinds=["importer"]))
Z("泰国香米在马来西亚的批发商", E([P("Thai jasmine rice", "泰国香米", "1006")], ["MY"], "Trap: 泰国 is part of the product name; market is Malaysia.", kinds=["wholesaler"]))
Z("找日本进口冷冻荷兰豆的公司", E([P("frozen snow peas", "冷冻荷兰豆", "0710")], ["JP"], "Trap: 荷兰豆 = snow peas, not the Netherlands; Japanese importers.", kinds=["importer"]))
Z("找美国卖土耳其浴巾的零售商", E([P("Turkish bath towels", "土耳其浴巾", "6302")], ["US"], "Trap: Turkish towels are a product style; US retailers are wanted.", kinds=["retailer"]))
Z("法式薯条在沙特有哪些进口商", E([FRIES], ["SA"], "Trap: 法式 is part of 'french fries'; market Saudi Arabia.", kinds=["importer"]))
Z("找韩国的夏威夷果进口商", E([P("macadamia nuts", "夏威夷果", "0802")], ["KR"], "Trap: 夏威夷果 = macadamia, no US/Hawaii market.", kinds=["importer"]))
Z("找英国的波斯地毯买家", E([P("Persian rugs", "波斯地毯", "5701")], ["GB"], "Trap: 波斯 (Persia/Iran) is the rug style; buyers in the UK."))
Z("找马来西亚的阿拉伯长袍批发商", E([P("abayas", "阿拉伯长袍")], ["MY"], "Trap: 阿拉伯 describes the garment; no Arab country is a market.", kinds=["wholesaler"]))
Z("苹果手机壳，找美国的批发商", E([P("iPhone cases", "苹果手机壳")], ["US"], "Trap: 苹果 here is the Apple brand (phone cases), not fruit.", kinds=["wholesaler"]))
Z("找印尼的新鲜苹果进口商", E([P("fresh apples", "新鲜苹果", "0808")], ["ID"], "Here 苹果 is the fruit (新鲜); Indonesian importers.", kinds=["importer"]))
Z("找壳牌机油在尼日利亚的经销商", E([P("Shell engine oil", "壳牌机油", "2710")], ["NG"], "Trap: 壳牌 = Shell brand lubricants, not shells.", kinds=["distributor"]))
# homophone typos
Z("帮我找得国的太阳能支架买家", E([P("solar mounting brackets", "太阳能支架")], ["DE"], "Typo: 得国 → 德国 (Germany)."))
Z("找英过的手袋进口商", E([P("handbags", "手袋", "4202")], ["GB"], "Typo: 英过 → 英国.", kinds=["importer"]))
Z("法过有没有买葡萄酒瓶塞的", E([P("wine bottle corks", "葡萄酒瓶塞", "4503")], ["FR"], "Typo: 法过 → 法国; product is corks, not wine."))
Z("找美过的LED筒灯经销商", E([P("LED downlights", "LED筒灯", "9405")], ["US"], "Typo: 美过 → 美国.", kinds=["distributor"]))
Z("俄螺丝的轴承进口商", E([P("bearings", "轴承", "8482")], ["RU"], "Trap: 俄螺丝 is an IME slip for 俄罗斯; product is bearings, not screws.", kinds=["importer"]))
Z("找意大理的石材买家", E([P("natural stone", "石材", "6802")], ["IT"], "Typo: 意大理 → 意大利 (not 大理 in Yunnan)."))
Z("澳大丽亚的瓷砖进口商", E([TILE], ["AU"], "Typo: 澳大丽亚 → 澳大利亚.", kinds=["importer"]))
Z("泰过的摩托车头盔经销商", E([P("motorcycle helmets", "摩托车头盔", "6506")], ["TH"], "Typo: 泰过 → 泰国.", kinds=["distributor"]))
Z("找deguo的电动自行车进口商", E([P("electric bicycles", "电动自行车", "8711")], ["DE"], "Pinyin place: deguo = 德国.", kinds=["importer"]))
Z("帮我找meiguo的宠物玩具买家", E([P("pet toys", "宠物玩具")], ["US"], "Pinyin place: meiguo = 美国."))
# long context sentences
Z("我们是宁波的一家小家电工厂，主要做空气炸锅，目前在美国和加拿大卖得不错，现在想开发欧洲市场，帮我找德国和法国的进口商",
  E([P("air fryers", "空气炸锅", "8516")], ["DE", "FR"], "US/CA are where they already sell (context); only DE and FR are searched.", ctx=["US", "CA"], kinds=["importer"]))
Z("我们做户外帐篷，已经有英国和德国的客户了，想找北欧的经销商",
  E([P("camping tents", "户外帐篷", "6306")], NORDIC, "UK/DE are existing markets; search Nordic countries only.", region="Nordic", ctx=["GB", "DE"], kinds=["distributor"]))
Z("我司是义乌的饰品供应商，老客户都在中东，这次想找东南亚的批发商，最好有WhatsApp",
  E([P("fashion jewelry", "饰品", "7117")], SEA, "Middle East is context (region, so no context country codes); target Southeast Asia; the user is a supplier but wants buyers.", region="Southeast Asia", kinds=["wholesaler"], contact=["whatsapp"]))
Z("我们是做汽车LED大灯的，亚马逊美国站卖了三年，现在想找墨西哥和巴西的线下批发商",
  E([P("automotive LED headlights", "汽车LED大灯", "8512")], ["MX", "BR"], "US is context (Amazon US); offline wholesalers in MX and BR.", ctx=["US"], kinds=["wholesaler"]))
Z("公司在深圳，做储能电池，之前主要出口澳洲，现在想做非洲市场，帮我找南非和尼日利亚的太阳能储能经销商，规模五十人以上",
  E([P("energy storage batteries", "储能电池", "8507")], ["ZA", "NG"], "AU is past market (context); Africa narrowed to ZA+NG; 五十人以上 = 50+.", ctx=["AU"], kinds=["distributor"], size="50+"))
Z("我们是做不锈钢厨具的工厂，欧洲客户挺多，想拓展一下南美，帮我找智利、秘鲁、哥伦比亚的进口商",
  E([P("stainless steel kitchenware", "不锈钢厨具", "7323")], ["CL", "PE", "CO"], "Europe is context; South America narrowed to three named countries.", kinds=["importer"]))
Z("我是做宠物牵引绳的，目前客户主要在日本，想找韩国和台湾的宠物店连锁",
  E([P("pet leashes", "宠物牵引绳", "4201")], ["KR", "TW"], "JP is context; pet store chains = retailers in KR and TW.", ctx=["JP"], kinds=["retailer"]))
Z("之前一直跟俄罗斯客户做挖掘机配件，现在想试试哈萨克斯坦和乌兹别克斯坦",
  E([EXC], ["KZ", "UZ"], "Russia is past business (context); search KZ and UZ.", ctx=["RU"]))
Z("我们厂生产PP无纺布，越南和印尼已经有代理了，想再找泰国和菲律宾的代理",
  E([P("PP nonwoven fabric", "PP无纺布", "5603")], ["TH", "PH"], "VN/ID already covered (context); agents in TH and PH.", ctx=["VN", "ID"], kinds=["agent"]))
Z("我在做瑜伽服出口，美国市场竞争太激烈了，帮我看看澳大利亚有没有合适的品牌商",
  E([P("yoga wear", "瑜伽服")], ["AU"], "US mentioned only as context; brand owners in Australia.", ctx=["US"], kinds=["brand"]))
# several countries
Z("找德国、法国、意大利的咖啡机进口商", E([P("coffee machines", "咖啡机", "8516")], ["DE", "FR", "IT"], "Three countries listed.", kinds=["importer"]))
Z("日韩的化妆品包装买家", E([P("cosmetic packaging", "化妆品包装")], ["JP", "KR"], "日韩 = Japan + South Korea; product is packaging, not cosmetics."))
Z("美加的实木地板进口商", E([P("solid wood flooring", "实木地板", "4418")], ["US", "CA"], "美加 = US + Canada.", kinds=["importer"]))
Z("英法德三国的自行车配件批发商", E([P("bicycle parts", "自行车配件", "8714")], ["GB", "FR", "DE"], "英法德 = UK, France, Germany.", kinds=["wholesaler"]))
# regions
Z("东南亚的电动车充电桩经销商", E([P("EV chargers", "电动车充电桩", "8504")], SEA, "Region Southeast Asia → its members.", region="Southeast Asia", kinds=["distributor"]))
Z("中东的LED显示屏买家", E([P("LED display screens", "LED显示屏")], ME, "Region Middle East (fuzzy; GCC core must be included).", region="Middle East"))
Z("拉美的手机配件进口商", E([PHACC], LATAM, "拉美 = Latin America.", region="Latin America", kinds=["importer"]))
Z("欧盟的口罩进口商，要有邮箱", E([P("face masks", "口罩", "6307")], EU, "EU members (not UK, not Switzerland), with email.", region="EU", kinds=["importer"], contact=["email"]))
Z("独联体国家的液压油缸买家", E([P("hydraulic cylinders", "液压油缸", "8412")], CIS, "独联体 = CIS.", region="CIS"))
Z("北美的户外灯具分销商", E([P("outdoor lighting", "户外灯具", "9405")], NA, "北美 = US + Canada.", region="North America", kinds=["distributor"]))
Z("海湾国家的空气净化器经销商", E([P("air purifiers", "空气净化器", "8421")], GCC, "海湾国家 = GCC states.", region="GCC", kinds=["distributor"]))
Z("欧美的宠物服装零售商", E([P("pet clothing", "宠物服装")], [], "欧美 = Europe + North America, open-ended; do not shrink to one country.", region="Europe & North America", kinds=["retailer"]))
# region minus a country
Z("欧洲除了德国，找工业插头插座的分销商", E([P("industrial plugs and sockets", "工业插头插座", "8536")], [], "Europe (open-ended) minus Germany.", region="Europe", exc=["DE"], kinds=["distributor"]))
Z("东南亚除越南以外的鞋材买家", E([P("shoe materials", "鞋材")], minus(SEA, "VN"), "Southeast Asia minus Vietnam.", region="Southeast Asia", exc=["VN"]))
Z("中东的卡车轮胎进口商，伊朗不要", E([P("truck tires", "卡车轮胎", "4011")], minus(ME, "IR"), "Middle East minus Iran.", region="Middle East", exc=["IR"], kinds=["importer"]))
Z("欧盟国家的光伏组件分销商，波兰和匈牙利除外", E([P("solar PV modules", "光伏组件", "8541")], minus(EU, "PL", "HU"), "EU minus Poland and Hungary.", region="EU", exc=["PL", "HU"], kinds=["distributor"]))
# origin vs market
Z("找从中国进口太阳能板的巴基斯坦公司", E([SOLAR], ["PK"], "China is the origin, Pakistan the market.", orig=["CN"], kinds=["importer"]))
Z("找在越南采购家具的美国品牌", E([FURN], ["US"], "Vietnam is where they source (origin); US brands wanted.", orig=["VN"], kinds=["brand"]))
Z("哪些德国公司从土耳其进口纺织品", E([P("textiles", "纺织品")], ["DE"], "Turkey is origin; German importers.", orig=["TR"], kinds=["importer"]))
Z("找从印度进口大米的沙特进口商", E([P("rice", "大米", "1006")], ["SA"], "India is origin; Saudi importers.", orig=["IN"], kinds=["importer"]))
Z("找进口日本二手汽车零件的非洲公司", E([P("used auto parts", "二手汽车零件", "8708")], [], "Japan is origin; Africa is an open-ended region.", region="Africa", orig=["JP"], kinds=["importer"]))
# size
Z("找英国五十人以上的灯具批发商", E([LIGHT], ["GB"], "五十人以上 = 50+ staff.", kinds=["wholesaler"], size="50+"))
Z("德国一百到五百人的汽配分销商", E([AUTOP], ["DE"], "一百到五百人 = 100-500 staff.", kinds=["distributor"], size="100-500"))
Z("美国的小型化妆品品牌，刚起步的那种", E([COSM], ["US"], "Small / start-up cosmetics brands.", kinds=["brand"], size="small"))
Z("日本的大型家居零售商", E([P("home goods", "家居用品")], ["JP"], "大型 = large.", kinds=["retailer"], size="large"))
# kinds
Z("西班牙的进口商或批发商，做瓷砖胶的", E([P("tile adhesive", "瓷砖胶")], ["ES"], "Two kinds joined by 或: importer OR wholesaler; product after the kinds.", kinds=["importer", "wholesaler"]))
Z("找意大利的电动滑板车经销商和零售商", E([P("electric scooters", "电动滑板车", "8711")], ["IT"], "Two kinds: distributor and retailer.", kinds=["distributor", "retailer"]))
Z("找美国买石膏板的承包商", E([P("gypsum board", "石膏板", "6809")], ["US"], "Contractors buying gypsum board.", kinds=["contractor"]))
# HS codes
Z("HS 8501 电机，找墨西哥的买家", E([P("electric motors", "电机", "8501")], ["MX"], "HS code given with product."))
Z("海关编码9403，英国进口商", E([FURN], ["GB"], "Only HS 9403 (furniture) and country; 海关编码 = HS code.", kinds=["importer"]))
Z("8517 印度进口商", E([P("telephone and network equipment", "电话及通信设备", "8517")], ["IN"], "Bare HS code 8517 = phones/communication equipment."))
# contact
Z("只要有采购经理联系方式的德国汽配进口商", E([AUTOP], ["DE"], "Wants purchasing-manager (decision maker) contacts.", kinds=["importer"], contact=["decision maker"]))
Z("带电话和邮箱的美国五金工具批发商", E([P("hardware tools", "五金工具")], ["US"], "Phone and email both required.", kinds=["wholesaler"], contact=["phone", "email"]))
# vague
Z("帮我找客户", NO("No product, no place: ask what they sell."))
Z("你好", NO("Greeting only."))
Z("找德国的进口商", E([], ["DE"], "No product named; search broad German importers without inventing a product.", kinds=["importer"]))
Z("我们是做灯的", E([P("lighting", "灯具", "9405")], [], "Only their product; implies buyers of lighting anywhere. Do not treat as supplier search."))

# ---------------- Traditional Chinese ----------------
H("幫我找德國的LED燈具進口商", E([P("LED lighting", "LED灯具", "9405")], ["DE"], "Traditional script; LED lighting importers in Germany.", kinds=["importer"]))
H("想找日本的機車零件經銷商", E([MOTO], ["JP"], "Taiwan usage: 機車 = motorcycle (not locomotive).", kinds=["distributor"]))
H("美國的自行車代理商", E([P("bicycles", "自行车", "8712")], ["US"], "Bicycle agents in the US.", kinds=["agent"]))
H("找越南的成衣工廠", E([P("garments", "成衣")], ["VN"], "Garment factories → supplier/manufacturer role.", role="supplier", kinds=["manufacturer"]))
H("請幫我找馬來西亞的手工具批發商，要有email", E([P("hand tools", "手工具", "8205")], ["MY"], "Hand tool wholesalers in Malaysia with email.", kinds=["wholesaler"], contact=["email"]))
H("找澳洲的保健食品通路商", E([P("dietary supplements", "保健食品", "2106")], ["AU"], "Taiwan usage: 通路商 = distributor.", kinds=["distributor"]))
H("紐西蘭的寵物食品進口商", E([PETFOOD], ["NZ"], "紐西蘭 = New Zealand.", kinds=["importer"]))
H("想開發中東市場，先找杜拜的五金批發商", E([P("hardware", "五金")], ["AE"], "Middle East is the general goal but Dubai narrows it → AE only.", kinds=["wholesaler"]))
H("加拿大的螺絲螺帽經銷商", E([P("screws and nuts", "螺丝螺母", "7318")], ["CA"], "Screw/nut distributors in Canada.", kinds=["distributor"]))
H("我們是台中的機械廠，做CNC車床，目前主要賣東南亞，想找墨西哥的代理商",
  E([P("CNC lathes", "数控车床", "8458")], ["MX"], "Southeast Asia is context (region); agents in Mexico only.", kinds=["agent"]))
H("搵香港嘅珠寶批發商", E([P("jewelry", "珠宝")], ["HK"], "Cantonese: 搵 = find, 嘅 = 的; jewelry wholesalers in Hong Kong.", kinds=["wholesaler"]))
H("搵澳洲嘅手袋入口商", E([P("handbags", "手袋", "4202")], ["AU"], "Cantonese/HK: 入口商 = importer.", kinds=["importer"]))
H("找義大利的咖啡豆進口商", E([P("coffee beans", "咖啡豆", "0901")], ["IT"], "義大利 = Italy (Taiwan spelling).", kinds=["importer"]))
H("找德、法兩國的醫療耗材經銷商，員工一百人以上", E([P("medical consumables", "医疗耗材")], ["DE", "FR"], "德、法 = Germany, France; 一百人以上 = 100+.", kinds=["distributor"], size="100+"))
H("歐盟的太陽能板通路商，最好是大公司", E([SOLAR], EU, "EU region; 通路商 = distributor; prefers large.", region="EU", kinds=["distributor"], size="large"))
H("找美國賣台灣珍珠奶茶原料的公司", E([P("bubble tea ingredients", "珍珠奶茶原料")], ["US"], "Trap: 台灣 is part of the product name; companies in the US selling them."))
H("菲律賓的建材進口商，有電話的", E([BLD], ["PH"], "Building material importers in the Philippines with phone.", kinds=["importer"], contact=["phone"]))
H("沙烏地阿拉伯的冷氣經銷商", E([AC], ["SA"], "Taiwan usage: 冷氣 = air conditioner.", kinds=["distributor"]))
H("找南韓的美妝代理商", E([COSM], ["KR"], "南韓 = South Korea.", kinds=["agent"]))
H("星馬地區的家具零售商", E([FURN], ["SG", "MY"], "星馬 = Singapore + Malaysia.", kinds=["retailer"]))
H("找日本的筆電配件批發商", E([P("laptop accessories", "笔记本电脑配件")], ["JP"], "筆電 = laptop.", kinds=["wholesaler"]))
H("找英國的行動電源進口商", E([P("power banks", "移动电源", "8507")], ["GB"], "行動電源 = power bank.", kinds=["importer"]))
H("找從台灣進口螺絲的美國公司", E([P("screws", "螺丝", "7318")], ["US"], "Taiwan is origin; US importers.", orig=["TW"], kinds=["importer"]))
H("請問有沒有推薦的客戶", NO("Asks for recommended customers, no product or place."))
H("找得國的汽車音響經銷商", E([P("car audio", "汽车音响", "8518")], ["DE"], "Typo 得國 → 德國, in traditional script.", kinds=["distributor"]))

# ---------------- English ----------------
N("find LED panel buyers in Germany", E([LEDP], ["DE"], "Plain query."))
N("solar panel importers in Pakistan", E([SOLAR], ["PK"], "Solar panel importers in Pakistan.", kinds=["importer"]))
N("lithium battery distributors USA", E([LIB], ["US"], "Lithium battery distributors in the US.", kinds=["distributor"]))
N("Looking for furniture importers in UK with email", E([FURN], ["GB"], "UK → GB; email required.", kinds=["importer"], contact=["email"]))
N("buyers of frozen shrimp in Spain", E([P("frozen shrimp", "冷冻虾", "0306")], ["ES"], "Frozen shrimp buyers in Spain."))
N("pet food wholesalers in Canada", E([PETFOOD], ["CA"], "Pet food wholesalers in Canada.", kinds=["wholesaler"]))
N("who imports car tires in Nigeria", E([P("car tires", "汽车轮胎", "4011")], ["NG"], "Question form; tire importers in Nigeria.", kinds=["importer"]))
N("Find toy retailers in Australia", E([TOYS], ["AU"], "Toy retailers in Australia.", kinds=["retailer"]))
N("I need distributors for our power tools in Poland", E([P("power tools", "电动工具", "8467")], ["PL"], "Their own product, distributors in Poland.", kinds=["distributor"]))
N("find me hospital bed buyers in Saudi", E([P("hospital beds", "医院病床", "9402")], ["SA"], "'Saudi' alone = Saudi Arabia."))
N("need buyers for my stainless steel sinks in Italy", E([P("stainless steel sinks", "不锈钢水槽", "7324")], ["IT"], "Italy is where buyers are (not where the sinks are)."))
N("Find garden furniture retailers in the Netherlands", E([P("garden furniture", "花园家具", "9403")], ["NL"], "Garden furniture retailers in NL.", kinds=["retailer"]))
N("seafood importers in Korea", E([P("seafood", "海鲜")], ["KR"], "'Korea' means South Korea (KR).", kinds=["importer"]))
N("find ceramic tile distributors in Mexico", E([TILE], ["MX"], "Tile distributors in Mexico.", kinds=["distributor"]))
N("EV charger distributors in Norway", E([P("EV chargers", "电动车充电桩", "8504")], ["NO"], "EV charger distributors in Norway.", kinds=["distributor"]))
N("medical glove importers in Vietnam", E([P("medical gloves", "医用手套", "4015")], ["VN"], "Vietnam is the market here, not a supplier search.", kinds=["importer"]))
N("Find companies that buy cashew nuts in UAE", E([P("cashew nuts", "腰果", "0801")], ["AE"], "Cashew buyers in the UAE."))
N("Who are the biggest jewelry retailers in Dubai", E([P("jewelry", "珠宝")], ["AE"], "Dubai → AE; 'biggest' = large.", kinds=["retailer"], size="large"))
# typos / non-native
N("find led ligth buyer in germay", E([P("LED lights", "LED灯", "9405")], ["DE"], "Typos: ligth → light, germay → Germany."))
N("i want find importer for solor panal in phillipines", E([SOLAR], ["PH"], "Typos: solor panal → solar panel, phillipines → Philippines.", kinds=["importer"]))
N("pls give me buyers of plastic bag in Marocco", E([P("plastic bags", "塑料袋", "3923")], ["MA"], "Typo: Marocco → Morocco (MA)."))
N("looking distributer of auto spare part in Egpyt", E([P("auto spare parts", "汽车配件", "8708")], ["EG"], "Typos: distributer, Egpyt → Egypt.", kinds=["distributor"]))
N("buyer of furnitures in Autralia", E([FURN], ["AU"], "Typo: Autralia → Australia (not Austria)."))
N("Hi, we are manufacturer of handbags, need importer in Itlay", E([P("handbags", "手袋", "4202")], ["IT"], "User is the manufacturer; wants importers in Italy (typo Itlay). Role stays buyer.", kinds=["importer"]))
N("searching wholesaler for kichen appliance in Columbia", E([P("kitchen appliances", "厨房电器")], ["CO"], "Columbia → Colombia (CO) in a trade context, not the US city/university.", kinds=["wholesaler"]))
N("need customers for battery in Saudia", E([P("batteries", "电池", "8507")], ["SA"], "Saudia → Saudi Arabia (also an airline name, but here a place)."))
N("find buyer in Holland for bicycle helmets", E([P("bicycle helmets", "自行车头盔", "6506")], ["NL"], "Holland = Netherlands."))
# abbreviations
N("LED strip distributors in UAE", E([P("LED strip lights", "LED灯带", "9405")], ["AE"], "UAE = AE.", kinds=["distributor"]))
N("solar inverter importers KSA", E([INV], ["SA"], "KSA = Saudi Arabia.", kinds=["importer"]))
N("car parts buyers in UK", E([AUTOP], ["GB"], "UK → GB."))
N("wine bottle buyers EU", E([P("glass wine bottles", "葡萄酒玻璃瓶", "7010")], EU, "EU region; product is bottles, not wine.", region="EU"))
N("sportswear retailers across ANZ", E([P("sportswear", "运动服装")], ANZ, "ANZ = Australia + New Zealand.", region="ANZ", kinds=["retailer"]))
N("Nordic importers of wooden toys", E([P("wooden toys", "木制玩具", "9503")], NORDIC, "Nordic region.", region="Nordic", kinds=["importer"]))
N("office chair importers in the GCC", E([P("office chairs", "办公椅", "9401")], GCC, "GCC = six Gulf states.", region="GCC", kinds=["importer"]))
N("LatAm distributors for water pumps", E([P("water pumps", "水泵", "8413")], LATAM, "LatAm = Latin America.", region="Latin America", kinds=["distributor"]))
N("building materials importers in MENA", E([BLD], [], "MENA is a broad, open-ended region.", region="MENA", kinds=["importer"]))
N("importers of frozen chicken in West Africa", E([P("frozen chicken", "冷冻鸡肉", "0207")], [], "West Africa, open-ended region.", region="West Africa", kinds=["importer"]))
N("buyers in CIS countries for tractors", E([P("tractors", "拖拉机", "8701")], CIS, "CIS region.", region="CIS"))
N("Find DACH distributors for industrial fans", E([P("industrial fans", "工业风扇", "8414")], DACH, "DACH = Germany, Austria, Switzerland.", region="DACH", kinds=["distributor"]))
N("Benelux wholesalers of kitchen paper towels", E([P("kitchen paper towels", "厨房纸巾", "4818")], BENELUX, "Benelux = BE, NL, LU.", region="Benelux", kinds=["wholesaler"]))
# product names with places
N("Turkish towel retailers in the US", E([P("Turkish towels", "土耳其毛巾", "6302")], ["US"], "Trap: Turkish is the towel style; market US.", kinds=["retailer"]))
N("french fries importers in Saudi Arabia", E([FRIES], ["SA"], "Trap: 'french' is not France.", kinds=["importer"]))
N("Brazilian hair wig buyers in Nigeria", E([P("human hair wigs", "真发假发", "6704")], ["NG"], "Trap: Brazilian hair is a product grade; market Nigeria."))
N("Find Japanese green tea importers in Germany", E([P("Japanese green tea", "日本绿茶", "0902")], ["DE"], "Trap: Japanese describes the tea; market Germany.", kinds=["importer"]))
N("Belgian waffle maker buyers in Korea", E([P("waffle makers", "华夫饼机", "8516")], ["KR"], "Trap: Belgian is the waffle style; market South Korea."))
N("Dutch oven importers in Australia", E([P("cast iron Dutch ovens", "铸铁锅", "7323")], ["AU"], "Trap: Dutch oven is cookware; no Netherlands.", kinds=["importer"]))
N("Find Thai jasmine rice wholesalers in Hong Kong", E([P("Thai jasmine rice", "泰国香米", "1006")], ["HK"], "Trap: Thai is in the product name; market Hong Kong.", kinds=["wholesaler"]))
N("Chinese New Year decoration buyers in Malaysia", E([P("Chinese New Year decorations", "春节装饰品", "9505")], ["MY"], "Trap: Chinese New Year is the product theme; no China market."))
N("Greek yogurt cup packaging buyers in US", E([P("yogurt cups", "酸奶杯", "3923")], ["US"], "Trap: Greek yogurt is what goes in the cup; product is cup packaging, market US."))
N("manila rope importers in Vietnam", E([P("manila rope", "马尼拉绳", "5607")], ["VN"], "Trap: Manila rope is a fibre rope; not the Philippines.", kinds=["importer"]))
N("Panama hat buyers in Spain", E([P("Panama hats", "巴拿马草帽", "6504")], ["ES"], "Trap: Panama hats are a style (made in Ecuador); market Spain."))
# brands
N("Apple accessories wholesalers in Canada", E([P("Apple accessories", "苹果配件")], ["CA"], "Trap: Apple brand accessories, not fruit.", kinds=["wholesaler"]))
N("Dove soap distributors in Nigeria", E([P("Dove soap", "多芬香皂", "3401")], ["NG"], "Trap: Dove is a brand.", kinds=["distributor"]))
N("Shell lubricant distributors Kenya", E([P("Shell lubricants", "壳牌润滑油", "2710")], ["KE"], "Trap: Shell is the oil brand.", kinds=["distributor"]))
N("Jaguar car parts importers in UAE", E([P("Jaguar car parts", "捷豹汽车配件", "8708")], ["AE"], "Trap: Jaguar is the car brand, not the animal.", kinds=["importer"]))
N("Find buyers of fresh apples in India", E([P("fresh apples", "新鲜苹果", "0808")], ["IN"], "Apples here are fruit."))
N("Caterpillar excavator parts buyers in Indonesia", E([P("Caterpillar excavator parts", "卡特挖掘机配件", "8431")], ["ID"], "Trap: Caterpillar is the CAT brand."))
N("Amazon sellers of phone cases in Germany", E([P("phone cases", "手机壳")], ["DE"], "Amazon is the platform (e-commerce sellers), not Brazil.", kinds=["e-commerce seller"]))
# multi-country
N("find furniture importers in USA, Canada and Mexico", E([FURN], ["US", "CA", "MX"], "Three countries.", kinds=["importer"]))
N("buyers of solar street lights in Kenya, Tanzania, Uganda", E([P("solar street lights", "太阳能路灯", "9405")], ["KE", "TZ", "UG"], "Three countries."))
N("tile distributors in Spain or Portugal", E([TILE], ["ES", "PT"], "'or' = both countries are acceptable.", kinds=["distributor"]))
# region minus
N("looking for e-bike distributors in Europe except UK", E([P("electric bicycles", "电动自行车", "8711")], [], "Europe open-ended minus GB.", region="Europe", exc=["GB"], kinds=["distributor"]))
N("used clothing importers in Southeast Asia excluding Singapore", E([P("used clothing", "二手衣服", "6309")], minus(SEA, "SG"), "SEA minus SG.", region="Southeast Asia", exc=["SG"], kinds=["importer"]))
N("pet accessory wholesalers in EU but not Germany", E([P("pet accessories", "宠物配件")], minus(EU, "DE"), "EU minus DE.", region="EU", exc=["DE"], kinds=["wholesaler"]))
# origins
N("US companies importing steel pipes from Vietnam", E([P("steel pipes", "钢管")], ["US"], "Vietnam is origin; US is market.", orig=["VN"], kinds=["importer"]))
N("German importers that source LED lighting from China", E([P("LED lighting", "LED照明", "9405")], ["DE"], "China is origin; Germany is market.", orig=["CN"], kinds=["importer"]))
# context
N("We are a Chinese furniture factory already selling to the US and UK. Now we want to find buyers in Australia and New Zealand.",
  E([FURN], ["AU", "NZ"], "CN, US, GB are context; search AU and NZ only.", ctx=["CN", "US", "GB"]))
N("Our company makes car batteries, we have distributors in Nigeria and Ghana, looking for more in Kenya and Ethiopia",
  E([P("car batteries", "汽车电池", "8507")], ["KE", "ET"], "NG/GH are existing markets (context); KE and ET wanted.", ctx=["NG", "GH"], kinds=["distributor"]))
# size
N("Find lighting distributors in France with at least 50 staff", E([LIGHT], ["FR"], "At least 50 staff = 50+.", kinds=["distributor"], size="50+"))
N("small importers of kitchen gadgets in Sweden", E([P("kitchen gadgets", "厨房小工具")], ["SE"], "Small companies.", kinds=["importer"], size="small"))
N("canned tuna buyers in Brazil, preferably large supermarket chains", E([P("canned tuna", "金枪鱼罐头", "1604")], ["BR"], "Supermarket chains = retailers; preference for large.", kinds=["retailer"], size="large"))
N("electronics importers in Germany, 100-500 employees", E([P("consumer electronics", "消费电子")], ["DE"], "Size 100-500.", kinds=["importer"], size="100-500"))
# contact
N("need email and phone of pharmacy chains in Poland that buy medical supplies", E([P("medical supplies", "医疗用品")], ["PL"], "Pharmacy chains = retailers; email and phone.", kinds=["retailer"], contact=["email", "phone"]))
N("find whatsapp numbers of motorcycle spare parts dealers in Tanzania", E([MOTO], ["TZ"], "Dealers = distributors; WhatsApp.", kinds=["distributor"], contact=["whatsapp"]))
N("decision makers at packaging distributors in Italy", E([P("packaging", "包装")], ["IT"], "Wants decision-maker contacts.", kinds=["distributor"], contact=["decision maker"]))
# supplier
N("find fabric manufacturers in Turkey", E([P("fabrics", "面料")], ["TR"], "Supplier search: fabric manufacturers located in Turkey.", role="supplier", kinds=["manufacturer"]))
N("looking for coconut oil suppliers in Philippines", E([P("coconut oil", "椰子油", "1513")], ["PH"], "Supplier search.", role="supplier"))
N("who makes bamboo toothbrushes in Vietnam", E([P("bamboo toothbrushes", "竹牙刷", "9603")], ["VN"], "'who makes' = manufacturers → supplier role.", role="supplier", kinds=["manufacturer"]))
# HS
N("HS code 8708 importers in Germany", E([AUTOP], ["DE"], "HS 8708 = motor vehicle parts.", kinds=["importer"]))
N("importers of 8541 in Netherlands", E([P("semiconductor devices / solar cells", "半导体器件/光伏电池", "8541")], ["NL"], "Bare HS 8541 (incl. PV cells/modules).", kinds=["importer"]))
# vague / traps
N("find buyers", NO("No product, no place."))
N("hello", NO("Greeting only."))
N("importers in Canada", E([], ["CA"], "No product; broad importer search in Canada, do not invent a product.", kinds=["importer"]))
N("furniture importers in Georgia, Tbilisi", E([FURN], ["GE"], "Trap: Tbilisi makes it the country Georgia (GE), not the US state.", kinds=["importer"]))
N("cement buyers in Niger", E([P("cement", "水泥", "2523")], ["NE"], "Trap: Niger (NE) is not Nigeria (NG)."))

# ---------------- Mixed ----------------
M("帮我找Germany的LED panel买家", E([LEDP], ["DE"], "Mixed zh+en; LED panel buyers in Germany."))
M("找UAE的solar inverter distributor", E([INV], ["AE"], "UAE solar inverter distributors.", kinds=["distributor"]))
M("KSA的空调importer有哪些", E([AC], ["SA"], "KSA = Saudi Arabia.", kinds=["importer"]))
M("找UK的pet supplies wholesaler，要email", E([PETS], ["GB"], "UK → GB; email.", kinds=["wholesaler"], contact=["email"]))
M("Jaguar捷豹的汽车配件，找迪拜的进口商", E([P("Jaguar car parts", "捷豹汽车配件", "8708")], ["AE"], "Brand Jaguar; Dubai → AE.", kinds=["importer"]))
M("我们做PCB的，想找US和Mexico的EMS工厂做客户", E([P("printed circuit boards", "PCB线路板", "8534")], ["US", "MX"], "EMS factories are buyers of PCBs: role buyer although the kind is manufacturer.", kinds=["manufacturer"]))
M("找Saudi的steel pipe买家", E([P("steel pipes", "钢管")], ["SA"], "Saudi → SA."))
M("东南亚的water pump distributor", E([P("water pumps", "水泵", "8413")], SEA, "Southeast Asia region.", region="Southeast Asia", kinds=["distributor"]))
M("找Amazon US站卖pet bed的seller", E([P("pet beds", "宠物床")], ["US"], "Amazon US e-commerce sellers.", kinds=["e-commerce seller"]))
M("找EU的packaging importer，HS 4819", E([P("paper packaging / cartons", "纸质包装/纸箱", "4819")], EU, "EU region with HS 4819.", region="EU", kinds=["importer"]))
M("找Latin America的tyre distributor，不要Brazil", E([P("tyres", "轮胎", "4011")], minus(LATAM, "BR"), "Latin America minus Brazil.", region="Latin America", exc=["BR"], kinds=["distributor"]))
M("find 意大利面 importers in Philippines", E([P("pasta", "意大利面", "1902")], ["PH"], "Trap: 意大利 in product name; market PH.", kinds=["importer"]))
M("帮我找Poland和Czech的furniture retailer，50人以上", E([FURN], ["PL", "CZ"], "Two countries; 50+ staff.", kinds=["retailer"], size="50+"))
M("Nigeria的generator dealer，有WhatsApp的", E([P("generators", "发电机", "8502")], ["NG"], "Dealers = distributors; WhatsApp.", kinds=["distributor"], contact=["whatsapp"]))
M("找Apple手机壳的wholesaler in Canada", E([P("iPhone cases", "苹果手机壳")], ["CA"], "Apple = brand.", kinds=["wholesaler"]))
M("找越南的textile factory", E([P("textiles", "纺织品")], ["VN"], "Factory → supplier role.", role="supplier", kinds=["manufacturer"]))
M("我是做cosmetic packaging的，已经有US客户，想找France和Italy的brand owner", E([P("cosmetic packaging", "化妆品包装")], ["FR", "IT"], "US is context; brand owners in FR and IT.", ctx=["US"], kinds=["brand"]))
M("找Vietnam的frozen chicken paws importer，货源是巴西的", E([P("frozen chicken paws", "冷冻鸡爪", "0207")], ["VN"], "Brazil is origin; Vietnam is market.", orig=["BR"], kinds=["importer"]))
M("北美market，找outdoor furniture的big retailers", E([P("outdoor furniture", "户外家具", "9403")], NA, "北美 = US + CA; big = large.", region="North America", kinds=["retailer"], size="large"))
M("DE/AT的industrial filter distributor，最好有decision maker联系方式", E([P("industrial filters", "工业过滤器", "8421")], ["DE", "AT"], "DE/AT country codes written directly.", kinds=["distributor"], contact=["decision maker"]))

assert (len(zh), len(hant), len(en), len(mixed)) == (110, 25, 85, 20), (len(zh), len(hant), len(en), len(mixed))
cases = []
for i, (lang, s, e) in enumerate(zh + hant + en + mixed, 1):
    cases.append({"id": f"d{i:03d}", "lang": lang, "sentence": s, "expect": e})

# ---------------- Conversations ----------------
convs = []
def conv(lang, turns):
    convs.append({"id": f"dc{len(convs)+1:02d}", "lang": lang, "turns": [{"sentence": s, "expect": e} for s, e in turns]})
def upd(e, why, **kw):
    d = copy.deepcopy(e)
    for k, v in kw.items():
        if v is None: d.pop(k, None)
        else: d[k] = v
    d["why"] = why
    # keep key order stable
    order = ["understood","role","products","countries","region","exclude_countries","origins","context_countries","kinds","contact","size","why"]
    return {k: d[k] for k in order if k in d}

a = E([LEDP], ["DE"], "LED panel buyers in Germany.")
b = upd(a, "Add email filter; keep product and country.", contact=["email"])
c = upd(b, "Replace Germany with France; keep product and email.", countries=["FR"])
conv("zh", [("帮我找德国的LED面板灯买家", a), ("只要有邮箱的", b), ("换成法国", c)])

a = E([SOLAR], ["PK"], "Solar panel importers in Pakistan.", kinds=["importer"])
b = upd(a, "'show more' = same search, next page.")
c = upd(b, "Add WhatsApp filter.", contact=["whatsapp"])
conv("en", [("find solar panel importers in Pakistan", a), ("show more", b), ("only ones with WhatsApp", c)])

a = E([FURN], SEA, "Furniture importers in Southeast Asia.", region="Southeast Asia", kinds=["importer"])
b = upd(a, "Remove Vietnam from the region.", countries=minus(SEA, "VN"), exclude_countries=["VN"])
c = upd(b, "Add large-company condition.", size="large")
conv("zh", [("找东南亚的家具进口商", a), ("不要越南了", b), ("只要大公司", c)])

a = E([PETS], ["US"], "Pet supplies wholesalers in US.", kinds=["wholesaler"])
b = upd(a, "Add Canada, keep US.", countries=["US", "CA"])
c = upd(b, "Add 50+ staff.", size="50+")
conv("zh", [("找美国的宠物用品批发商", a), ("加上加拿大", b), ("要50人以上的", c)])

a = E([FURN], ["GB"], "Furniture importers in UK.", kinds=["importer"])
b = upd(a, "'also Ireland' adds IE.", countries=["GB", "IE"])
c = upd(b, "'retailers too' adds a kind, keeps importers.", kinds=["importer", "retailer"])
conv("en", [("furniture importers in UK", a), ("also Ireland", b), ("retailers too", c)])

a = E([COSM], ["JP"], "Cosmetics distributors in Japan.", kinds=["distributor"])
b = upd(a, "Replace Japan with South Korea.", countries=["KR"])
c = upd(b, "Replace product with sheet masks; keep Korea and distributors.", products=[P("sheet masks", "面膜", "3304")])
conv("zh", [("找日本的化妆品经销商", a), ("换成韩国", b), ("产品换成面膜", c)])

a = E([P("electric scooters", "电动滑板车", "8711")], [], "E-scooter distributors in Europe (open-ended).", region="Europe", kinds=["distributor"])
b = upd(a, "Exclude Germany and France.", exclude_countries=["DE", "FR"])
c = upd(b, "Add phone filter.", contact=["phone"])
conv("zh", [("找欧洲的电动滑板车分销商", a), ("不要德国和法国", b), ("有电话的", c)])

a = E([AC], ["SA"], "AC importers in Saudi Arabia.", kinds=["importer"])
b = upd(a, "Replace product with air purifiers; keep SA and importer.", products=[P("air purifiers", "空气净化器", "8421")])
c = upd(b, "Add UAE, keep Saudi.", countries=["SA", "AE"])
conv("zh", [("找沙特的空调进口商", a), ("产品换成空气净化器", b), ("阿联酋的也看看", c)])

a = E([LIB], ["US"], "Lithium battery distributors in the US.", kinds=["distributor"])
b = upd(a, "'instead' = replace US with Canada.", countries=["CA"])
c = upd(b, "Add email filter.", contact=["email"])
conv("en", [("lithium battery distributors in USA", a), ("what about Canada instead?", b), ("only with email", c)])

a = E([AUTOP], ["BR"], "Auto parts buyers in Brazil.")
b = upd(a, "Narrow product to brake pads.", products=[P("brake pads", "刹车片", "8708")])
c = upd(b, "More results, same search.")
conv("zh", [("找巴西的汽配买家", a), ("主要是刹车片", b), ("再多给几个", c)])

a = E([P("hand tools", "手工具", "8205")], ["MY"], "Hand tool wholesalers in Malaysia.", kinds=["wholesaler"])
b = upd(a, "Replace Malaysia with Thailand.", countries=["TH"])
c = upd(b, "Add email filter.", contact=["email"])
conv("zh-Hant", [("找馬來西亞的手工具批發商", a), ("改成泰國", b), ("要有email的", c)])

a = E([P("LED strip lights", "LED灯带", "9405")], [], "US is context; distributors in Europe (open-ended).", region="Europe", ctx=["US"], kinds=["distributor"])
b = upd(a, "Narrow Europe to UK and Netherlands; US stays context.", countries=["GB", "NL"], region=None)
c = upd(b, "Wholesalers also acceptable.", kinds=["distributor", "wholesaler"])
conv("zh", [("我们是做LED灯带的，已经在美国有客户，想找欧洲的经销商", a), ("主要看英国和荷兰", b), ("批发商也可以", c)])

a = E([TOYS], ["AU"], "Toy retailers in Australia.", kinds=["retailer"])
b = upd(a, "Replace retailers with importers.", kinds=["importer"])
c = upd(b, "Add New Zealand.", countries=["AU", "NZ"])
conv("en", [("find toy retailers in Australia", a), ("actually I want importers, not retailers", b), ("and New Zealand too", c)])

a = E([P("injection molding machines", "注塑机", "8477")], ["MX"], "Injection molding machine buyers in Mexico.")
b = upd(a, "Replace Mexico with Colombia and Peru.", countries=["CO", "PE"])
c = upd(b, "Size 100-500 staff.", size="100-500")
conv("zh", [("找墨西哥的注塑机买家", a), ("换成哥伦比亚和秘鲁", b), ("规模一百到五百人", c)])

a = E([P("LED display screens", "LED显示屏")], ME, "LED display buyers in the Middle East.", region="Middle East")
b = upd(a, "Narrow region to UAE and Qatar.", countries=["AE", "QA"], region=None)
c = upd(b, "Add WhatsApp.", contact=["whatsapp"])
conv("zh", [("找中东的LED显示屏买家", a), ("只要阿联酋和卡塔尔", b), ("有WhatsApp的", c)])

a = E([P("Turkish towels", "土耳其毛巾", "6302")], ["US"], "Trap: Turkish is product style; US buyers.")
b = upd(a, "Market becomes Germany; Turkey still not a market.", countries=["DE"])
c = upd(b, "Importers only.", kinds=["importer"])
conv("en", [("find Turkish towel buyers in the US", a), ("switch to Germany", b), ("importers only", c)])

a = E([TILE], ["IT"], "Tile importers in Italy.", kinds=["importer"])
b = upd(a, "Replace Italy with Spain.", countries=["ES"])
c = upd(b, "Add Portugal.", countries=["ES", "PT"])
conv("zh", [("找意大利的瓷砖进口商", a), ("不要意大利了，换西班牙", b), ("再加葡萄牙", c)])

a = E([COSM], ["KR"], "Supplier search: cosmetics suppliers in Korea.", role="supplier")
b = upd(a, "Role flips to buyer; same products; market Vietnam.", role="buyer", countries=["VN"])
c = upd(b, "Distributors with email.", kinds=["distributor"], contact=["email"])
conv("en", [("find cosmetic suppliers in Korea", a), ("now find buyers for the same products in Vietnam", b), ("distributors with email", c)])

a = NO("No product or place yet.")
b = E([P("solar street lights", "太阳能路灯", "9405")], [], "Product and open-ended region Africa now known.", region="Africa")
c = upd(b, "Narrow Africa to Nigeria and Kenya.", countries=["NG", "KE"], region=None)
conv("zh", [("帮我找客户", a), ("做太阳能路灯的，非洲市场", b), ("主要是尼日利亚和肯尼亚", c)])

a = E([EXC], ["RU"], "Excavator parts buyers in Russia.")
b = upd(a, "Other CIS countries: CIS minus Russia.", countries=minus(CIS, "RU"), region="CIS", exclude_countries=["RU"])
c = upd(b, "Add email filter.", contact=["email"])
conv("zh", [("找俄罗斯的挖掘机配件买家", a), ("换成独联体其他国家", b), ("只要有邮箱的", c)])

a = E([PETFOOD], ["CA"], "Pet food wholesalers in Canada.", kinds=["wholesaler"])
b = upd(a, "Same search, next page.")
c = upd(b, "Add small-company filter.", size="small")
conv("en", [("find pet food wholesalers in Canada", a), ("show more", b), ("only small ones", c)])

a = E([TOYS], ["GB"], "Toy importers in the UK.", kinds=["importer"])
b = upd(a, "Wants purchasing decision-maker contacts.", contact=["decision maker"])
c = upd(b, "Narrow product to educational toys.", products=[P("educational toys", "益智玩具", "9503")])
conv("zh", [("找英国的儿童玩具进口商", a), ("要采购负责人的联系方式", b), ("换成益智玩具", c)])

a = E([P("steel pipes", "钢管")], ["VN"], "Steel pipe importers in Vietnam.", kinds=["importer"])
b = upd(a, "Add Thailand and Malaysia.", countries=["VN", "TH", "MY"])
c = upd(b, "'only distributors' replaces the kind.", kinds=["distributor"])
conv("en", [("Looking for steel pipe importers in Vietnam", a), ("also Thailand and Malaysia", b), ("only distributors", c)])

a = E([INV], ["AE"], "UAE solar inverter distributors.", kinds=["distributor"])
b = upd(a, "Add KSA.", countries=["AE", "SA"])
c = upd(b, "Add email filter.", contact=["email"])
conv("mixed", [("找UAE的solar inverter distributor", a), ("KSA也要", b), ("有email的", c)])

a = E([P("outdoor furniture", "户外家具", "9403")], ["US"], "Outdoor furniture retailers in the US.", kinds=["retailer"])
b = upd(a, "Large companies.", size="large")
c = upd(b, "Replace US with Canada; keep large and retailers.", countries=["CA"])
conv("zh", [("找美国的户外家具零售商", a), ("要大公司", b), ("换成加拿大", c)])

a = E([MOTO], ["JP"], "Motorcycle parts distributors in Japan.", kinds=["distributor"])
b = upd(a, "Add Taiwan.", countries=["JP", "TW"])
c = upd(b, "Add phone filter.", contact=["phone"])
conv("zh-Hant", [("找日本的機車零件經銷商", a), ("台灣的也要", b), ("只要有電話的", c)])

a = E([P("coffee machines", "咖啡机", "8516")], ["DE"], "Coffee machine importers in Germany.", kinds=["importer"])
b = upd(a, "Replace product with coffee beans.", products=[P("coffee beans", "咖啡豆", "0901")])
c = upd(b, "Importers or roasters.", kinds=["importer", "roaster"])
conv("zh", [("找德国的咖啡机进口商", a), ("产品改成咖啡豆", b), ("进口商或者烘焙商都行", c)])

a = E([P("medical gloves", "医用手套", "4015")], EU, "Medical glove distributors in the EU.", region="EU", kinds=["distributor"])
b = upd(a, "EU minus Poland.", countries=minus(EU, "PL"), exclude_countries=["PL"])
c = upd(b, "At least 50 staff.", size="50+")
conv("en", [("find medical glove distributors in EU", a), ("except Poland", b), ("with at least 50 staff", c)])

a = E([P("PVC resin", "PVC树脂", "3904")], ["IN"], "PVC resin importers in India.", kinds=["importer"])
b = upd(a, "More results, same search.")
conv("zh", [("找印度的PVC树脂进口商", a), ("再给我10个", b), ("只要有电话和邮箱的", upd(b, "Phone and email both.", contact=["phone", "email"]))])

a = E([FRIES], ["SA"], "Frozen fries buyers in Saudi Arabia; 'french' not France.")
b = upd(a, "Add UAE and Qatar.", countries=["SA", "AE", "QA"])
conv("en", [("find buyers of frozen french fries in Saudi Arabia", a), ("add UAE and Qatar too", b)])

assert len(convs) == 30
ids = [c["id"] for c in cases]; assert len(set(ids)) == len(ids)
sents = [c["sentence"] for c in cases]; assert len(set(sents)) == len(sents), [s for s in sents if sents.count(s) > 1]

with open("search-sentences.json", "w", encoding="utf-8") as f:
    json.dump(cases, f, ensure_ascii=False, indent=2)
with open("search-conversations.json", "w", encoding="utf-8") as f:
    json.dump(convs, f, ensure_ascii=False, indent=2)
print(len(cases), len(convs))
