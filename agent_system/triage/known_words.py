"""Real words that sit within a typo of a red-flag word and so are never "corrected" (generated data).

Regenerate with `python -m tests.triage_known_words` after changing the triage vocabulary.
"""
KNOWN_WORDS: frozenset[str] = frozenset("""
    abdominais aborrecida aborrecidas aborrecido aborrecidos accelerant accelerate accelerated accelerates
    accelerating acceleration accelerator accelerators acelera aceleracao aceleram acelerando acelerar acertada
    acertado acertando acetone adormecemos adormeceram adormeceres adormeceste adormeci adormecia alberga albergar
    albergue alegria alegrias alertado alertados alerting allegation alleged allegedly alleges allegiance alleging
    allegory allegro aluminio aluminum alvejaste amarela amoxicillin antropologa antropologia antropologo anulada
    anulado apartado apegada apegado apertam apertamos apertar apertaram apertarem apertares apertas apertaste
    apertava arrancando arranjando arrasada arrasado arrasados arrasta arrastam arrastar arrastaram arrastarem
    arrastares arrastas arrastasse arrastaste arrastava arriscando arrowheads automatica automatically automaticas
    automatico automaticos automatics automation automobile automobiles automotive bacteria bacterial bacteriana
    bacterias bacterium bantering bartered bartering baseada baseado bateram baterem bateres baterista bateristas
    batermos batoteiros battened battlefield battlefront battleground battlements battleship battleships bettered
    bettering betterment betters bitterest bitterly bitterness bitters bittersweet blaster blasters blathering
    bleeping blended blender blenders blending blithering blueprints blurted blurting bluster blustery boisterous
    bolstering breached breaches breaching breadth breakthrough breastfeed breastplate breeder breeders breeding
    brethren budging bugging bulking burping burying buttercup buttered butterflies butterfly butterflys buttering
    buttermilk butternut butters buttery caixinha calmamente calotas caloteiro camaras camping camponeses capataz
    capitaes capitais capital capitalism capitalist capitalize capitals capitao capitol capitulate capitulating
    capitulation capitulo capitulos capoeira capsule capsules captamos captores captors carmela carotid carotida
    carpathian carpooling cartels cartola casarao castanho castanhos cautela ceremonial ceremonies certain chaired
    chamarao chamois chamomile champing charged charmed charted chemist chemistry chemistrys chemists cherokee
    chowing chromosome chupado chutando cirurgiao cirurgica cirurgicas clamping clashed cleaned cleanser clearer
    cleaver cloning cloying colapsar colapso colinas collars collection collections collective colocas comprimida
    conclusion conclusions conclusiva conclusive conclusoes concussao concussed concussion concussions concussive
    confess confessa confessado confessar confessaram confessares confessas confessasse confessaste confesse
    confessed confessei confesses confessing confession confessions confesso confessor confessors confessou
    confiasses confiscacao confiscada confiscadas confiscado confiscados confiscar confiscaram confiscate
    confiscated confiscates confiscou confissao confissoes confluence confluencia confounded confounding confucian
    confunda confundam confundas confunde confundem confundes confundi confundida confundido confundidos
    confundindo confundir confundiram confundiste confundiu confundo connecting conquistada conquistado conquistam
    conquistar conquistara conquistas conquistei conquistou constrained constrains constraint constraints
    constrangida constrangido constricted constricting constriction constrictor constrictors constricts construcao
    construcoes constructed constructing construction constructions constructive constructor constructors
    constructs consuls contact contacta contactada contactado contactados contactam contactamos contactar
    contactaram contactarei contactarem contactares contactasse contactaste contacte contacted contactei contactem
    contactes contacting contacto contactos contactou contacts contaste contornando contraband contrabando
    contradicao contradicoes contradict contradicted contradicting contradiction contradictions contradictory
    contradicts contradiz contradizer contrai contraido contrair contraiu contramestre contraption contraptions
    contraria contrariar contrario contrarios contrary contras contrast contrasted contrasting contrasts contrata
    contratacao contratacoes contratada contratadas contratado contratados contratam contratamos contratando
    contratante contratar contrataram contratarem contratares contrataria contratarmos contratas contratasse
    contrataste contratava contrate contratei contratem contratempo contratempos contrato contratos contratou
    contravene contravenes contravening contrition contusao contusion contusions contusoes convalescent
    convalescing coroacao correcting cortica cotacao couched couches couching cougars counteract counteracted
    counteracting counteracts courthouse cramming crapping crasher crashes crashing cremosa cremoso crewing
    croaked crusher crushes crusted curtail cuspido declarando delicia delicias deliciosa deliciosas delicioso
    deliciosos delicious deliciously delimitar delirante delirar deliveries delivering demasiadas demasiados
    derrama derramei desafiador desafiando desafiante desafiaram desafiares desafiaste desamarrar desanimado
    desarmamento desativado desatou descair descaramento descend descende descends desembainhar desimpedida
    desiring desligando deslizando desmancha desmanchar desmantelar desmarcar desmascarar desmiolado desorientacao
    despair despaired despairing despedia despedido despedidos despediram desperdica destabilize destacamento
    deterrence deterrent dialectical diametrically disfarcada disfarcadas disfarcado disfarcados disorientated
    disorientation dispara disparage disparaging disparam disparamos disparando disparar disparara dispararam
    dispararem disparares dispararia dispararmos disparas disparasse disparaste disparatada disparatado disparate
    disparates disparava disparavam disparidade dobragem dourada douradas dourado dourados drafting dripped
    drooled drooling dropout dropouts dropper droppings drugging ejaculacao electricity electricitys electrolyte
    electrolytes electrolytic electrostatic elegante embaixadas embaixador embaixadora embaixadores embalado
    embalados embaracada embaracado embarcacao embarcacoes embarcado embarcaram embarcou embolden emboldened
    emboscadas emboscados empatado empatados empilhadas empilhados empolgada empolgado empolgados empolgante
    empolgantes encarcerado encarrega encarregada encarregado encarregar encarregara encarrego encarregou
    encarregue encarreguei encarregues encolhe encolhem encolher encolheu encolhido energetic energetica
    energetico energia energias energico energies energize energized energizer energizing energys enfardar
    enfatizar enfolded enforca enforcam enforcaram enforcer enfraquece enfraquecem enfraquecer enfraqueceu
    enfraquecido engaged engagement engages engaging engloba engomar engorda engordado engordar engordaste
    engordei engordou engorged engrossing engulfed engulfing engulfs enojada enojado enrolar enrolei enrolled
    enrolling enrollment enrolment enrolou ensolarada ensolarado ensopar entendendo entertain entertained
    entertainer entertains entornado entornar entornaste entornei entornou entorpecer entretanto entretidos
    envergadura envergonha envergonhar envergonhas envergonhe envergonhei envergonhes envergonho envergonhou
    envolta envolto envoltos envolva envolvam envolvas envolve envolvem envolvemos envolvendo envolvente envolver
    envolveram envolverem envolveres envolveria envolves envolvesse envolveste envolveu envolvi envolvia envolviam
    envolvida envolvidas envolvido envolvidos envolvo enxerto enxertos epicenter epicentro esbarrar esbarrei
    esbarrou escadaria escadarias escadas escadote escalada escalade escalado escalao escalar escalas escalate
    escalated escalates escalating escalation escalator escalators escalei escaloes escalou escalpe escalpes
    escandalo escandalos escandalosa escandaloso escapadela escapadelas escaparmos escaramuca escaramucas
    escaravelho escargot escarlate escarnecer escarnio escarpa escarpment escavadora esclarecer esclareceu
    esclarecido escolhendo escorre escorrem escorrer escorria escurecer esfarrapada esforcar esmagam esmagamento
    esmagar esmagara esmagaram esmagaste espalhe espalhei espalhem espalhes espalho espalhou esterco estereo
    estoirar estoura estourado estragados estragando estudado exploit exploitable exploited exploiters exploiting
    exploits explora exploracao exploracoes explorada exploradas explorado explorador exploradores explorados
    exploram exploramos explorando explorar exploraram explorarem exploration exploratory explorava explore
    explored explorer explorers explores exploring explorou explosiva explosivas explosive explosives explosivo
    explosivos explosoes expluda expludo externo extorted extorting extortion fachada fachadas failing fairytales
    faminta famintas faminto famintos fechamento fechamos fechara fecharam fecharao fecharei fecharem fechares
    fecharia fecharmos fechasse fechaste fechava fechavam felling feriado feriados ferramenta ferramentas ferrari
    feverishly filling finders flaming flashed flasher flattening flattering flintlock flitting flushes flushing
    forming forrada forrado framing franqueza frittering galardoado gambled garanta gargantuan gelatin gelatina
    gelatine gelatinous geniais gentalha geradas gerador geradores gerados grades grander grandest grands granting
    grenadiers guardado guardanapo guarded guardem guardes gusting hallucinogen hallucinogenic hallucinogens
    harding heartaches hemorrhoid hemorrhoids ibuprofen incendeio incendiado incendiou incomoda incomodado
    incomode incomodou inconcebivel inconceivable incontinence incontinencia incontinent inconvenient incubadora
    indigestao indignation infantaria infantario infantil infantile infantis infantry infantryman infantrymen
    infants infarction infatuated infecao infecoes infecta infecting infectious infects infertile infertility
    infestada infestadas infestado infestados infested infetado inflatable inflection infliction infortunio
    infortunios infraction infractions ingerir injected injection injections inseriu inspection insulin integra
    inteirar invested jantando jaundiced juntado labirinto laboriously lacking lagarto largamente largamos
    largando largaram largarem largares largaria largarmos largasse largaste largava lavradores leather leathers
    levantam levantara levantaram levantarei levantarem levantares levantaria levantas lighthearted linking
    lobisomens locking magenta magnata magnatas magnate magnates magnesio magnesium magnitude mandibular marmelada
    meaning meddled mediation medicamente medicating medicina medicinais medicinal meditating meditation
    meditations misture mistures misturo mocinha monoxide mooning moralidade morbida morbidity morbidly morbido
    mordedores mordedura mordiscar muddied navegacao navegado navegador navegadores navegam navegamos navegando
    navegar navegaram operational operativos overdoing overdone overdressed palavreado palavrinha palavrinhas
    palavroes palitar palpite palpites pancadaria paradise paraiso paraisos paralegals paralytic pecador pecadora
    pecadores pecados pectoral pegadas peitoril pensada pensado pensador pensadores pensaremos pensavamos
    persuadido persuading pesagem pesames pesando pescado pescador pescadores pestanejar picante picantes picareta
    picaretas picasso piccadilly pintada pintadas pisadas pneumonic pontapeado pouncing pouting predadores
    pregadores presidency presidente presidents pressas pressionada pressionado pressionados pressured pressurize
    prisionais prisioneira prisioneiro prisoner prisoners prisons profound profoundest profoundly queijos queirais
    queiram queiramos queiras queixado queixam queixar queixas queixei queixes queixinhas queixos queixosa
    queixoso queixosos queixou quimica quimicas quimicos quimono radiacao radiacoes radiador radials radiance
    radiant radiante radiantes radiantly radicalism radicalized radioactive remedial remediar remedied remedies
    reputado respeitada respeitadas respeitado respeitador respeitados respeitamos respeitante respeitantes
    respeitara respeitarei respeitarem respeitares respeitava respeitavam respeitaveis respeitavel respire
    respirei respirem respires sabotadores saladas salads salgada salgado saltamos saltando saltaram saltarem
    saltares saltaria saltarmos saltasse saltaste saltava saltavam salteador salteadores salubrious salutation
    salutations salvado salvador salvadora salvadorans salvadores salvadorian sandras sanguine sanguinea
    sanguineas sanguineo sanguineos satellites scaling scallion scallions scallop scalloped scallops scalped
    scalpel scalpels scalping scandal scandalize scandalous scandals scolded scolding scurried scurries scurrilous
    scurrying seating seguram seguras separado separem separes serenading shagging shallow shanghaied shellac
    shelled shelley shelling shells shellys shipped shitting singrar sitting skilled skipped slagging slapped
    slashed slipper slitting slurped slurping smelled smelling smells smouldering snagging snaking sneaking
    sniggering snipped soaping soaring socking soltado solvent solvents songwriter sparkled sparkler sparklers
    spearing spellbound spelled speller spelling spells splashes splitting sporting spotting spurred spurring
    squeegee squirreled stabled staggeringly staking stammering stellar stilled stubbed subiram sufficient
    suficiente suficientes sugiram swabbed swaggering swearing sweltering swilling tables tablete tabletes tacking
    tangling tanking tasking thinker thinned tinkling tintura tocadas tocador tocados tocando tocaram tomarao
    tomaras tomarem tomariam tomavam toracico tortura tracado tramada tramado tramados tramped trapper tratada
    tratadas tratado tratador tratados travagem travail travails travamos travaram travarmos travaste tripled
    trocamos trocaram trocarem trocares trocaria trocarmos trocasse trocaste trocava trocavam trocavamos
    troubadour troubadours trovador unconsciously urinated verging vermont vermouth versoes volition whispering
    whisperings
""".split())
